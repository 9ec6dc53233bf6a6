/// The CI configuration `dikata ci init` writes into a learner's repository: install the
/// system packages, build dikata (cached), grade every kata present, keep the JUnit report,
/// and fail below the minimum score. Pure text.
public struct CIWorkflow: Sendable, Equatable {
    public enum Provider: String, CaseIterable, Sendable {
        case github, gitlab

        /// Where the file goes, relative to the repository root.
        public var path: String {
            switch self {
            case .github: ".github/workflows/dikata.yml"
            case .gitlab: ".gitlab-ci.yml"
            }
        }
    }

    public var provider: Provider
    /// The git URL dikata is cloned from.
    public var dikataURL: String
    /// The branch or tag of dikata to build.
    public var dikataRef: String
    /// `--min-score` value: points (`12`) or a percentage (`80%`).
    public var minimumScore: String

    public init(provider: Provider, dikataURL: String, dikataRef: String, minimumScore: String) {
        self.provider = provider
        self.dikataURL = dikataURL
        self.dikataRef = dikataRef
        self.minimumScore = minimumScore
    }

    static let packages = "bubblewrap util-linux libncursesw5-dev git"

    public var text: String {
        switch provider {
        case .github: github
        case .gitlab: gitlab
        }
    }

    private var github: String {
        """
        # Written by `dikata ci init`. Grades every kata in this repository with dikata's hidden
        # checks on each push and pull request. Change DIKATA_MIN_SCORE to set the passing bar.
        name: dikata

        on:
          push:
          pull_request:

        env:
          DIKATA_URL: \(dikataURL)
          DIKATA_REF: \(dikataRef)
          DIKATA_MIN_SCORE: "\(minimumScore)"

        jobs:
          grade:
            runs-on: ubuntu-24.04
            container: swift:6.1
            steps:
              - name: Check out the submission
                uses: actions/checkout@v4
                with:
                  path: submission

              - name: Install system packages
                run: apt-get update && apt-get install -y \(Self.packages)

              - name: Restore the dikata build
                uses: actions/cache@v4
                with:
                  path: dikata/.build
                  key: dikata-${{ env.DIKATA_REF }}-${{ runner.os }}

              - name: Build dikata
                run: |
                  git clone --depth 1 --branch "$DIKATA_REF" "$DIKATA_URL" dikata-src
                  mkdir -p dikata && cp -a dikata-src/. dikata/
                  swift build -c release --package-path dikata --product dikata

              - name: Grade
                run: >
                  dikata/.build/release/dikata grade --submission submission
                  --format github --report junit=dikata-junit.xml --report markdown=dikata-summary.md
                  --min-score "$DIKATA_MIN_SCORE"

              - name: Keep the JUnit report
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: dikata-junit
                  path: dikata-junit.xml

        """
    }

    private var gitlab: String {
        """
        # Written by `dikata ci init --gitlab`. Grades every kata in this repository with dikata's
        # hidden checks. Change DIKATA_MIN_SCORE to set the passing bar.
        dikata:
          image: swift:6.1
          variables:
            DIKATA_URL: \(dikataURL)
            DIKATA_REF: \(dikataRef)
            DIKATA_MIN_SCORE: "\(minimumScore)"
          cache:
            key: dikata-$DIKATA_REF
            paths:
              - .dikata-tool/.build
          before_script:
            - apt-get update && apt-get install -y \(Self.packages)
            - git clone --depth 1 --branch "$DIKATA_REF" "$DIKATA_URL" .dikata-tool-src
            - mkdir -p .dikata-tool && cp -a .dikata-tool-src/. .dikata-tool/
            - swift build -c release --package-path .dikata-tool --product dikata
          script:
            - >
              .dikata-tool/.build/release/dikata grade --submission .
              --format markdown --report junit=dikata-junit.xml
              --min-score "$DIKATA_MIN_SCORE"
          artifacts:
            when: always
            reports:
              junit: dikata-junit.xml

        """
    }
}
