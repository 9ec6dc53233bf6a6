/// The CI configuration `dikata ci init` writes into a learner's repository: install the
/// system packages, build dikata (cached), grade every kata present, keep the JUnit report,
/// and fail below the minimum score. Pure text.
public struct CIWorkflow: Sendable, Equatable {
    public enum Provider: String, CaseIterable, Sendable {
        /// GitHub Actions; with a ``Matrix``, a class graded over several runners.
        case github
        case gitlab
        /// A GitHub Classroom assignment: points reported through Classroom's autograding reporter.
        case classroom

        /// Where the file goes, relative to the repository root.
        public var path: String {
            switch self {
            case .github: ".github/workflows/dikata.yml"
            case .gitlab: ".gitlab-ci.yml"
            case .classroom: ".github/workflows/classroom.yml"
            }
        }
    }

    /// A class graded by `grade-batch` over `shards` runners of a GitHub Actions matrix.
    public struct Matrix: Sendable, Equatable {
        public var shards: Int
        /// The kata the submissions are for.
        public var kata: String
        /// The folder of the repository holding one submission per entry.
        public var submissions: String

        public init(shards: Int, kata: String, submissions: String) {
            self.shards = shards
            self.kata = kata
            self.submissions = submissions
        }
    }

    public var provider: Provider
    /// The git URL dikata is cloned from.
    public var dikataURL: String
    /// The branch or tag of dikata to build.
    public var dikataRef: String
    /// `--min-score` value: points (`12`) or a percentage (`80%`).
    public var minimumScore: String
    /// Set: a GitHub workflow that grades a class over a matrix of runners instead of one repository.
    public var matrix: Matrix?

    public init(provider: Provider, dikataURL: String, dikataRef: String, minimumScore: String, matrix: Matrix? = nil) {
        self.provider = provider
        self.dikataURL = dikataURL
        self.dikataRef = dikataRef
        self.minimumScore = minimumScore
        self.matrix = matrix
    }

    /// What a fresh runner installs before it builds and runs dikata: the headers and libraries
    /// of every system-library target (Package.swift's apt providers), git for the clone, and
    /// the grading sandbox (bubblewrap, prlimit from util-linux). Kept in step with `.ci/run`.
    public static let packages = [
        "libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "libncursesw5-dev", "git", "bubblewrap", "util-linux",
    ]

    /// The toolchain image CI is tested with (`.ci/run` runs on the same Swift). dikata's
    /// dependencies need Swift tools 6.2 or later; grading reads the Swift Testing 6.3 event stream.
    public static let swiftImage = "swift:6.3.1-noble"

    /// The actions the GitHub workflow uses, at versions that run on Node.js 24 (node20 is retired).
    public static let actions = ["actions/checkout@v5", "actions/cache@v5", "actions/upload-artifact@v6"]

    /// The image as a cache-key part (no `:`).
    static var cacheTag: String { swiftImage.replacingOccurrences(of: ":", with: "-") }

    static var install: String {
        "apt-get update && apt-get install -y --no-install-recommends \(packages.joined(separator: " "))"
    }

    public var text: String {
        switch provider {
        case .github: matrix.map(github(matrix:)) ?? github
        case .gitlab: gitlab
        case .classroom: classroom
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
            container: \(Self.swiftImage)
            steps:
              - name: Check out the submission
                uses: \(Self.actions[0])
                with:
                  path: submission

        \(Self.buildSteps())
              - name: Grade
                run: >
                  dikata/.build/release/dikata grade --submission submission
                  --format github --report junit=dikata-junit.xml --report markdown=dikata-summary.md
                  --min-score "$DIKATA_MIN_SCORE"

              - name: Keep the JUnit report
                if: always()
                uses: \(Self.actions[2])
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
          image: \(Self.swiftImage)
          variables:
            DIKATA_URL: \(dikataURL)
            DIKATA_REF: \(dikataRef)
            DIKATA_MIN_SCORE: "\(minimumScore)"
          cache:
            key: dikata-$DIKATA_REF-\(Self.cacheTag)
            paths:
              - .dikata-tool/.build
          before_script:
            - \(Self.install)
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
