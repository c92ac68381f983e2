#!/usr/bin/env python3
"""Times one-shot runs of a command: the wall time and the child's CPU time (user + system, from
getrusage), median and best over N runs. On a shared machine the CPU time is the steadier figure.

    python3 scripts/time-cli.py [--runs N] -- target/release/vpoker play --db F state
"""
import argparse
import resource
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    walls, cpus = [], []
    for _ in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    print(f"wall median {statistics.median(walls):.1f} ms (best {min(walls):.1f}); "
          f"cpu median {statistics.median(cpus):.1f} ms over {args.runs} runs")


if __name__ == "__main__":
    main()
