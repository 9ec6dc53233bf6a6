import DIKataCore
import Foundation

extension GradingSession {
    /// The `build-variant` checks: each grades the same snapshot again, with its conditions
    /// defined, in a build folder of its own. Runs once the default build passed the safety
    /// check, so a variant never runs code the default build was refused for.
    mutating func judgeBuildVariants(snapshot: PackageSnapshot) async {
        for (check, rule) in BuildVariantEvaluator(checks: kata.manifest.checks).checks {
            let folder = BuildVariantEvaluator.folder(for: check, in: self.folder)
            // Its own copy of the snapshot: each build sees only its own folder (the sandbox).
            var copy = snapshot
            copy.root = folder.snapshot
            copy.notes = []
            do {
                try folder.prepare()
                try? FileManager.default.removeItem(at: folder.snapshot)
                try FileManager.default.copyItem(at: snapshot.root, to: folder.snapshot)
            } catch {
                evidence[check.id] = CheckEvidence(
                    .notRun("dikata could not make the variant build's folder: \(error.localizedDescription)"))
                continue
            }
            var variant = GradingSession(
                kata: BuildVariantEvaluator.variantKata(kata, rule: rule), folder: folder, environment: environment,
                runner: runner, progress: progress, now: now, pause: pause)
            variant.defines = rule.defines
            await variant.run(snapshot: copy)
            evidence[check.id] = BuildVariantEvaluator.evidence(
                for: rule, variant: variant.evidence, problems: variant.problems)
        }
    }
}
