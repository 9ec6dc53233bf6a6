"""Shared by the bench scripts: reading what a kata's reference solution is made of."""
import os
import shutil


def solution_removes(kata):
    """The `solution_removes:` list of a kata's kata.yaml (a small YAML subset is enough)."""
    removes, inside = [], False
    for line in open(os.path.join(kata, "kata.yaml"), encoding="utf-8").read().splitlines():
        if line.startswith("solution_removes:"):
            inside = True
        elif inside and line.strip().startswith("- "):
            removes.append(line.strip()[2:].strip())
        elif inside and line.strip():
            inside = False
    return removes


def lay_solution(kata, folder):
    """Turns a starter package in `folder` into the kata's reference solution, as dikata does."""
    for path in solution_removes(kata):
        if os.path.exists(os.path.join(folder, path)):
            os.remove(os.path.join(folder, path))
    shutil.copytree(os.path.join(kata, "solution"), folder, dirs_exist_ok=True)


def expect_support(repo):
    """The `Expect` helper dikata adds to every module of hidden checks (`HiddenBuild.expectSupport`
    in Sources/Grading/Build/HiddenBuild.swift), as the file a naive SwiftPM test target needs
    beside the hidden checks: (name, text)."""
    path = os.path.join(repo, "Sources", "Grading", "Build", "HiddenBuild.swift")
    lines = open(path, encoding="utf-8").read().splitlines()
    name = None
    for line in lines:
        if "static let expectFileName = " in line:
            name = line.split('"')[1]
    try:
        start = next(i for i, line in enumerate(lines) if "static let expectSupport = \"\"\"" in line)
        end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == '"""')
    except StopIteration:
        raise RuntimeError(f"cannot find HiddenBuild.expectSupport in {path}")
    indent = len(lines[end]) - len(lines[end].lstrip())
    text = "\n".join(line[indent:] for line in lines[start + 1:end]) + "\n"
    if name is None:
        raise RuntimeError(f"cannot find HiddenBuild.expectFileName in {path}")
    return name, text
