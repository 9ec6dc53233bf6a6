"""Lower bounds for bench/grade: how fast a grade could be if dikata cost nothing at all.

A grade is made of tool processes (the Swift frontend, the linker, the check runner) and of
dikata's own work around them (planning, sandboxing, hashing, reading the library). These
functions measure the tools alone, so a ratio target can be compared with what the tools leave:

- `tool_floor`: the tool processes a grade really started (traced with strace), each started
  again bare (no sandbox, no wrapper, no dikata) in the same build folder and timed. Two bounds
  hold for any schedule of them on this machine's cores: the longest chain of jobs that need
  another's output (a module read through an `-I` folder, an object the link reads, the runner
  the link writes), and their total time over the cores. The floor is the larger of the two.
  For a cold grade the module cache is emptied before the jobs run again, in the order the
  grade started them: the first job that needs a C or interface module builds it, as in the
  grade, and the jobs after it find it built (so they take no longer than in any real cold
  grade).
- `tool_cpu_seconds`: the CPU time the tool processes of a grade used (perf, task-clock samples
  by program name); over the cores, another bound for a CPU-bound cold grade.

Both count only the compiles, links and runs dikata's design needs; a grader that needs fewer
would have a lower floor. Neither counts dikata's integrity measures (the sandbox, the symbol
checks), which stay on in the timed grades.
"""

import collections
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

# Programs whose time the floors count (by file name; the runner by its path in the build folder).
TOOL_PROGRAMS = {"swift-frontend", "ld.lld", "ld.gold", "clang", "clang++", "swift-autolink-extract"}
RUNNER_SUFFIX = os.path.join("checks", "bin", "runner")
# perf's program names are cut to 15 characters.
PERF_TOOL_COMMS = {name[:15] for name in TOOL_PROGRAMS} | {"runner"}


class FloorUnavailable(Exception):
    """The tracer a floor needs (strace, perf) is missing or not allowed here."""


# --- strace --------------------------------------------------------------------------------

EXEC_LINE = re.compile(r'^(\d+)\s+(\d+):(\d+):(\d+\.\d+)\s+execve\("((?:[^"\\]|\\.)*)",\s*\[(.*)\],\s*0x[0-9a-f]+')
EXIT_LINE = re.compile(r"^(\d+)\s+(\d+):(\d+):(\d+\.\d+)\s+(?:exit_group|<\.\.\. exit_group resumed>)")
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def unescape(text):
    """A C string as strace prints it."""
    return bytes(text, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8", "replace")


def seconds(hours, minutes, rest):
    return int(hours) * 3600 + int(minutes) * 60 + float(rest)


def traced_processes(command, env, cwd=None):
    """Runs `command` under strace; returns every program it started, as dictionaries with
    `argv`, `start` and `end` (seconds), in the order they started, and the command's exit code."""
    if shutil.which("strace") is None:
        raise FloorUnavailable("strace is not installed")
    with tempfile.NamedTemporaryFile(prefix="dikata-floor-", suffix=".strace", delete=False) as handle:
        trace = handle.name
    try:
        result = subprocess.run(
            ["strace", "-f", "-qq", "-tt", "-s", "65535", "-e", "trace=execve,exit_group", "-e", "signal=none",
             "-o", trace, *command], env=env, cwd=cwd, capture_output=True, text=True, timeout=900)
        if "ptrace" in result.stderr and "Operation not permitted" in result.stderr:
            raise FloorUnavailable("strace may not trace here (ptrace is not permitted)")
        starts, ends = {}, {}
        with open(trace, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                exec_match = EXEC_LINE.match(line)
                if exec_match and line.rstrip().endswith("= 0"):
                    pid = exec_match.group(1)
                    argv = [unescape(part) for part in QUOTED.findall(exec_match.group(6))]
                    starts[pid] = {"argv": argv, "start": seconds(*exec_match.group(2, 3, 4))}
                    continue
                exit_match = EXIT_LINE.match(line)
                if exit_match and exit_match.group(1) not in ends:
                    ends[exit_match.group(1)] = seconds(*exit_match.group(2, 3, 4))
        processes = [dict(process, end=ends.get(pid, process["start"])) for pid, process in starts.items()]
        return sorted(processes, key=lambda process: process["start"]), result
    finally:
        os.unlink(trace)


def is_tool(argv):
    return os.path.basename(argv[0]) in TOOL_PROGRAMS or argv[0].endswith(RUNNER_SUFFIX)


# --- a job's inputs and outputs -------------------------------------------------------------

def real(path, cwd):
    return os.path.realpath(os.path.join(cwd, path))


def outputs(argv, cwd):
    found = set()
    for flag in ("-o", "-emit-module-path"):
        for index, argument in enumerate(argv[:-1]):
            if argument == flag:
                found.add(real(argv[index + 1], cwd))
    if argv[0].endswith(RUNNER_SUFFIX):
        found.add("run:" + real(argv[0], cwd))
    return found


def inputs(argv, cwd):
    """The files a job reads that another job may write: modules in its `-I` folders (dikata
    links the modules a compile may see there), the objects and libraries a link reads, the
    runner a run starts and the library of the learner's code beside it, which it loads."""
    found = set()
    for index, argument in enumerate(argv[:-1]):
        if argument == "-I":
            folder = os.path.join(cwd, argv[index + 1])
            if os.path.isdir(folder):
                found.update(real(os.path.join(folder, name), cwd) for name in os.listdir(folder))
    for argument in argv[1:]:
        if argument.endswith((".o", ".swiftmodule", ".so")):
            found.add(real(argument, cwd))
    if argv[0].endswith(RUNNER_SUFFIX):
        found.add(real(argv[0], cwd))
        folder = os.path.dirname(real(argv[0], cwd))
        found.update(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".so"))
    return found


def bounds(jobs, durations, cores):
    """(longest chain, total / cores) of `jobs` (in start order) taking `durations`."""
    finish = []
    for index, job in enumerate(jobs):
        needs = [finish[earlier] for earlier in range(index) if jobs[earlier]["outputs"] & job["inputs"]]
        finish.append(max(needs, default=0.0) + durations[index])
    return max(finish, default=0.0), sum(durations) / cores


def bare_command(argv, cwd):
    """The job as started bare: the runner without dikata's event stream (its file descriptor 3);
    a compile the driver started without the map of extra outputs it wrote in a temporary folder
    that is gone (the job then writes less, so it is no slower)."""
    if argv[0].endswith(RUNNER_SUFFIX):
        return [argv[0], "--no-parallel"]
    if "-supplementary-output-file-map" in argv:
        index = argv.index("-supplementary-output-file-map")
        if index + 1 < len(argv) and not os.path.exists(os.path.join(cwd, argv[index + 1])):
            return argv[:index] + argv[index + 2:]
    return argv


# What dikata adds to the environment of the toolchain's processes (SwiftCompiler.toolEnvironment):
# glibc's allocator asks for transparent huge pages. A job started bare gets it too, so the floor
# is what the same jobs take, not slower ones.
TOOL_ENVIRONMENT = {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"}


def timed_bare(argv, cwd):
    """Seconds the job takes started bare, or None when it fails (its inputs are gone)."""
    env = None if argv[0].endswith(RUNNER_SUFFIX) else dict(os.environ, **TOOL_ENVIRONMENT)
    start = time.perf_counter()
    result = subprocess.run(bare_command(argv, cwd), cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    elapsed = time.perf_counter() - start
    return elapsed if result.returncode == 0 else None


def tool_floor(grade_command, env, build_folder, reps, before_each=None, build_folder_of=None, cores=None):
    """Traces `grade_command`, then starts every tool job it ran again bare, in the order it started
    them, `reps` times (`before_each` runs first each time: a cold floor empties the module cache).
    A job that cannot run again (SwiftPM's compile of the manifest, whose files are gone) is left
    out, which can only lower the floor. `build_folder_of` names the build folder after the grade,
    when it is not known before (a cold grade makes it). Returns samples of the floor and of both
    bounds, the jobs' names and median times, and how many jobs were left out."""
    cores = cores or os.cpu_count() or 1
    processes, result = traced_processes(grade_command, env)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"the traced grade failed (exit {result.returncode}):\n{result.stderr[-2000:]}")
    build_folder = build_folder or build_folder_of()
    jobs = []
    for process in processes:
        argv = process["argv"]
        if argv and is_tool(argv):
            jobs.append({"argv": argv, "outputs": outputs(argv, build_folder), "inputs": inputs(argv, build_folder)})
    if not jobs:
        raise RuntimeError("the traced grade started no compiler, linker or check runner")
    samples = {"floor": [], "chain": [], "spread": []}
    per_job = [[] for _ in jobs]
    left_out = 0
    for rep in range(reps):
        if before_each:
            before_each()
        durations = [timed_bare(job["argv"], build_folder) for job in jobs]
        if rep == 0:
            kept = [index for index, duration in enumerate(durations) if duration is not None]
            left_out = len(jobs) - len(kept)
            jobs = [jobs[index] for index in kept]
            per_job = [per_job[index] for index in kept]
            durations = [durations[index] for index in kept]
        if any(duration is None for duration in durations):
            raise RuntimeError("a tool job that ran bare once failed the next time")
        for index, duration in enumerate(durations):
            per_job[index].append(duration)
        chain, spread = bounds(jobs, durations, cores)
        samples["floor"].append(max(chain, spread))
        samples["chain"].append(chain)
        samples["spread"].append(spread)
    names = [job_name(job["argv"]) for job in jobs]
    return samples, [(name, statistics.median(times)) for name, times in zip(names, per_job)], left_out


def job_name(argv):
    program = os.path.basename(argv[0])
    if "-module-name" in argv:
        module = argv[argv.index("-module-name") + 1]
        kind = "module" if "-emit-module" in argv and "-c" not in argv else "compile"
        return f"{kind} {module}"
    if program.startswith("ld."):
        return "link library" if "-shared" in argv else "link"
    return "run" if argv[0].endswith(RUNNER_SUFFIX) else program


# --- perf ----------------------------------------------------------------------------------

SAMPLE_PERIOD_NS = 1_000_000  # one task-clock sample per millisecond of CPU


def tool_cpu_seconds(command, env):
    """Runs `command` under `perf record` (task-clock, inherited by every child); returns the CPU
    seconds of the tool programs, of everything, and the command's exit code."""
    if shutil.which("perf") is None:
        raise FloorUnavailable("perf is not installed")
    with tempfile.TemporaryDirectory(prefix="dikata-floor-perf-") as folder:
        data = os.path.join(folder, "perf.data")
        recorded = subprocess.run(
            ["perf", "record", "-q", "-e", "task-clock", "-c", str(SAMPLE_PERIOD_NS), "-o", data, "--", *command],
            env=env, capture_output=True, text=True, timeout=900)
        if not os.path.isfile(data):
            raise FloorUnavailable(f"perf record did not run here: {recorded.stderr.strip()[:300]}")
        report = subprocess.run(["perf", "report", "-i", data, "-n", "--sort", "comm", "--stdio"],
                                capture_output=True, text=True, timeout=300)
        if report.returncode != 0:
            raise FloorUnavailable(f"perf report failed: {report.stderr.strip()[:300]}")
    counts = collections.Counter()
    for line in report.stdout.splitlines():
        match = re.match(r"^\s*[\d.]+%\s+(\d+)\s+(.+?)\s*$", line)
        if match:
            counts[match.group(2)] += int(match.group(1))
    tools = sum(count for comm, count in counts.items() if comm in PERF_TOOL_COMMS)
    return tools * SAMPLE_PERIOD_NS / 1e9, sum(counts.values()) * SAMPLE_PERIOD_NS / 1e9, recorded.returncode
