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
