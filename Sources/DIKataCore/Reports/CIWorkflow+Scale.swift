/// The GitHub workflows beyond one repository's grade: a class spread over a matrix of runners,
/// and a GitHub Classroom assignment.
extension CIWorkflow {
    /// The actions the matrix workflow adds (Node.js 24 versions).
    public static let matrixActions = ["actions/download-artifact@v7"]

    /// GitHub Classroom's reporter: reads `<RUNNER>_RESULTS` and sets the assignment's points.
    public static let classroomReporter = "classroom-resources/autograding-grading-reporter@v1"

    /// Steps (at a job's `steps:` indentation) that install the system packages and build dikata
    /// into `dikata/.build/release/dikata`, the build folder cached per ref and image.
    static func buildSteps(staticStdlib: Bool = false) -> String {
        let flags = staticStdlib ? " --static-swift-stdlib" : ""
        return """
                  - name: Install system packages
                    run: \(install)

                  - name: Restore the dikata build
                    uses: \(actions[1])
                    with:
                      path: dikata/.build
                      key: dikata-${{ env.DIKATA_REF }}-\(cacheTag)\(staticStdlib ? "-static" : "")-${{ runner.os }}

                  - name: Build dikata
                    run: |
                      git clone --depth 1 --branch "$DIKATA_REF" "$DIKATA_URL" dikata-src
                      mkdir -p dikata && cp -a dikata-src/. dikata/
                      swift build -c release --package-path dikata --product dikata\(flags)

            """
    }

    /// A class graded over `matrix.shards` runners: one job builds dikata and passes it (with
    /// its katas) as an artifact, the shard jobs grade a slice each, and a merge job joins the
    /// slices into one gradebook (the same as one runner would write).
    func github(matrix: Matrix) -> String {
        let shards = (1...max(1, matrix.shards)).map(String.init).joined(separator: ", ")
        return """
            # Written by `dikata ci init --github --matrix \(matrix.shards)`. Grades every submission in
            # \(matrix.submissions)/ (one folder or .zip per student) for kata \(matrix.kata) over \(matrix.shards) runners, then
            # merges their gradebooks into the dikata-gradebook artifact (gradebook.csv, gradebook.json).
            name: dikata class

            on:
              push:
              workflow_dispatch:

            env:
              DIKATA_URL: \(dikataURL)
              DIKATA_REF: \(dikataRef)
              DIKATA_KATA: \(matrix.kata)

            jobs:
              build:
                runs-on: ubuntu-24.04
                container: \(Self.swiftImage)
                steps:
            \(Self.buildSteps(staticStdlib: true))
                  - name: Pack dikata and its katas
                    run: |
                      mkdir -p dist && cp dikata/.build/release/dikata dist/ && cp -a dikata/Katas dist/Katas
                      tar -czf dikata.tar.gz -C dist .

                  - name: Pass dikata on
                    uses: \(Self.actions[2])
                    with:
                      name: dikata-binary
                      path: dikata.tar.gz

              grade:
                needs: build
                runs-on: ubuntu-24.04
                container: \(Self.swiftImage)
                strategy:
                  fail-fast: false
                  matrix:
                    shard: [\(shards)]
                steps:
                  - name: Check out the submissions
                    uses: \(Self.actions[0])

                  - name: Install system packages
                    run: \(Self.install) unzip

                  - name: Fetch dikata
                    uses: \(Self.matrixActions[0])
                    with:
                      name: dikata-binary

                  - name: Grade shard ${{ matrix.shard }} of \(matrix.shards)
                    run: |
                      mkdir -p tool && tar -xzf dikata.tar.gz -C tool
                      DIKATA_KATAS="$PWD/tool/Katas" tool/dikata grade-batch \(matrix.submissions) --kata "$DIKATA_KATA" \\
                        --shard ${{ matrix.shard }}/\(matrix.shards) --out gradebook-${{ matrix.shard }}.json

                  - name: Keep the shard's gradebook
                    uses: \(Self.actions[2])
                    with:
                      name: gradebook-${{ matrix.shard }}
                      path: gradebook-${{ matrix.shard }}.json

              merge:
                needs: grade
                runs-on: ubuntu-24.04
                container: \(Self.swiftImage)
                steps:
                  - name: Fetch dikata and the shards' gradebooks
                    uses: \(Self.matrixActions[0])
                    with:
                      pattern: "{dikata-binary,gradebook-*}"
                      merge-multiple: true

                  - name: Merge
                    run: |
                      mkdir -p tool && tar -xzf dikata.tar.gz -C tool
                      tool/dikata gradebook merge gradebook-*.json --out gradebook.csv
                      tool/dikata gradebook merge gradebook-*.json --out gradebook.json

                  - name: Keep the gradebook
                    uses: \(Self.actions[2])
                    with:
                      name: dikata-gradebook
                      path: |
                        gradebook.csv
                        gradebook.json

            """
    }

    /// A GitHub Classroom assignment: grades the repository and hands the points to Classroom's
    /// autograding reporter (the job is named as Classroom's template names it; the reporter looks it up).
    var classroom: String {
        """
        # Written by `dikata ci init --classroom`. GitHub Classroom autograding: grades every kata in
        # this repository with dikata's hidden checks and reports the points to Classroom.
        name: Autograding Tests

        on:
          push:
          repository_dispatch:

        permissions:
          checks: write
          actions: read
          contents: read

        env:
          DIKATA_URL: \(dikataURL)
          DIKATA_REF: \(dikataRef)

        jobs:
          run-autograding-tests:
            name: Autograding Tests
            runs-on: ubuntu-24.04
            container: \(Self.swiftImage)
            if: github.actor != 'github-classroom[bot]'
            steps:
              - name: Check out the submission
                uses: \(Self.actions[0])
                with:
                  path: submission

        \(Self.buildSteps())
              - name: Grade
                id: dikata
                run: |
                  dikata/.build/release/dikata grade --submission submission --format classroom \\
                    --out dikata-classroom.json --exit-zero
                  echo "result=$(base64 -w 0 dikata-classroom.json)" >> "$GITHUB_OUTPUT"

              - name: Report the points to Classroom
                uses: \(Self.classroomReporter)
                env:
                  DIKATA_RESULTS: "${{ steps.dikata.outputs.result }}"
                with:
                  runners: dikata

        """
    }
}
