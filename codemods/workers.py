"""Processes for the parsing part of a run: how many, and how files reach them.

The engine decides what a file's result is; this module only decides where that is computed.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from codemods.engine import (RECURSION_LIMIT, Options, passes_text_filters, process_file, process_parsed_within_budget,
                             read_source)
from codemods.model import FileResult


# `jobs` value for "choose": one process, unless the files that need parsing are enough work to
# gain from more. Measured on 2 cores: a file past the text filters costs at least 1 ms plus
# 0.5 us per byte to parse and analyse (16 us per byte when LibCST rewrites it), and forking
# workers (which inherit the loaded rules) costs 10-30 ms. From the low-end costs, a worker is
# added when it saves at least 50 ms, so a guess that is wrong errs towards one process.
AUTO_JOBS = 0
FILE_SECONDS, BYTE_SECONDS = 0.001, 0.5e-6
WORKER_MIN_SAVING = 0.05
# A check of many files splits them among workers from the start: reading and filtering are then
# shared too (on the reference corpus they are a third of the run). Per worker, this many files
# at least (a few tenths of a millisecond each) pay for its fork.
SPLIT_FILES_PER_WORKER = 400

# What forked workers read, set just before they are forked so that nothing is pickled to them:
# the paths a split check shares out, or the texts and paths of the files to parse.
_SPLIT_WORK: tuple[list[str], Options] | None = None
_PARSE_WORK: tuple[list[str], list[str], Options, bool] | None = None


def _process_for_pool(args):
    path, options, fix = args
    return process_file(path, options, fix)


def process_all(paths: list[Path], options: Options, fix: bool, jobs: int, progress):
    """(FileResult, SourceFile or None) for every path, computed in `jobs` processes (AUTO_JOBS:
    chosen from the work)."""
    if jobs == AUTO_JOBS:
        yield from _process_choosing_workers(paths, options, fix, progress)
        return
    if jobs <= 1 or len(paths) < 2:
        for path in paths:
            yield process_file(path, options, fix)
            if progress is not None:
                progress()
        return
    if not fix and progress is None and _can_fork():
        # A check needs no source back from the workers: share the files out once.
        yield from _process_split(paths, options, min(jobs, len(paths)))
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        for item in pool.map(_process_for_pool, [(p, options, fix) for p in paths], chunksize=16):
            yield item
            if progress is not None:
                progress()


def _process_choosing_workers(paths: list[Path], options: Options, fix: bool, progress):
    """A check of many files is split among workers from the start. Otherwise every file is read
    and filtered in this process, and the few past the text filters (the parsing, nearly all of
    a run's work) go to worker processes when they are enough work."""
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)
    split = min(_cores(), len(paths) // SPLIT_FILES_PER_WORKER) if not fix and _can_fork() else 1
    if split > 1:
        yield from _process_split(paths, options, split)
        return
    pending = []
    for path in paths:
        source, encoded, failure = read_source(path)
        if failure is not None:
            yield failure, None
        elif passes_text_filters(source.text, options, encoded):
            pending.append(source)
            continue
        else:
            yield FileResult(path=str(path), original=source.text), source
        if progress is not None:
            progress()
    workers = _workers_for(pending)
    if workers <= 1:
        for source in pending:
            yield process_parsed_within_budget(source.text, str(source.path), options, fix), source
            if progress is not None:
                progress()
        return
    yield from _process_forked(pending, options, fix, workers, progress)


def _can_fork() -> bool:
    if not sys.platform.startswith("linux") or not hasattr(os, "sched_getaffinity"):
        return False
    import threading

    # Forking a process that runs threads (a progress bar) may deadlock the child.
    return threading.active_count() == 1


def _cores() -> int:
    return len(os.sched_getaffinity(0))


def _process_split(paths: list[Path], options: Options, workers: int):
    """Check `paths` in `workers` processes (this one and forked ones), each taking every
    workers-th file."""
    global _SPLIT_WORK
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Loaded before the fork, so that the workers share them rather than each importing them.
    options.rules, options.trigger_test, options.rule_apis  # noqa: B018
    _SPLIT_WORK = ([str(path) for path in paths], options)
    results: list[FileResult | None] = [None] * len(paths)
    try:
        with ProcessPoolExecutor(max_workers=workers - 1, mp_context=multiprocessing.get_context("fork"),
                                 initializer=_worker_start, initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(_check_stride, first, workers) for first in range(1, workers)]
            done = _check_stride(0, workers)  # this process takes a share too
            for future in futures:
                done += future.result()
        for index, file_result in done:
            results[index] = file_result
    finally:
        _SPLIT_WORK = None
    for file_result in results:
        yield file_result, None  # a check writes nothing: no SourceFile is needed


def _check_stride(first: int, step: int) -> list[tuple[int, FileResult]]:
    names, options = _SPLIT_WORK
    done = []
    for index in range(first, len(names), step):
        file_result, _ = process_file(Path(names[index]), options, False)
        if not file_result.findings:
            file_result.original = None  # nothing reads a clean file's text (a cached result has none)
        done.append((index, file_result))
    return done


def _workers_for(pending: list) -> int:
    if len(pending) < 2 or not _can_fork():
        return 1
    costs = [FILE_SECONDS + BYTE_SECONDS * len(source.raw) for source in pending]
    total, largest = sum(costs), max(costs)

    def saving(workers: int) -> float:  # the largest file first, the rest shared out
        return total - max(largest, total / workers)

    workers = 1
    while workers < min(_cores(), len(pending)) and \
            saving(workers + 1) - saving(workers) >= WORKER_MIN_SAVING:
        workers += 1
    return workers


def _process_forked(pending: list, options: Options, fix: bool, workers: int, progress):
    """`pending` parsed by forked workers, the largest files first so that they end together.
    Forked, the workers have the rules loaded already; only the results travel."""
    global _PARSE_WORK
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    order = sorted(pending, key=lambda source: len(source.raw), reverse=True)
    _PARSE_WORK = ([source.text for source in order], [str(source.path) for source in order], options, fix)
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                 initializer=_worker_start, initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(_parse_forked, index) for index in range(len(order))]
            for source, future in zip(order, futures):
                file_result = future.result()
                file_result.original = source.text
                yield file_result, source
                if progress is not None:
                    progress()
    finally:
        _PARSE_WORK = None


def _worker_start(parent: int) -> None:
    """A forked worker waits for work on a pipe it holds open itself, so a parent killed (by
    SIGKILL, say) would leave it waiting forever: it asks the kernel to kill it with the parent.
    Ctrl-C is the parent's to handle (it reports "interrupted"); the workers go with it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG (Linux)
    except Exception:  # no prctl (not Linux): watch for the parent instead
        import threading

        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _exit_when_orphaned(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _parse_forked(index: int) -> FileResult:
    texts, names, options, fix = _PARSE_WORK
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)
    file_result = process_parsed_within_budget(texts[index], names[index], options, fix)
    file_result.original = None  # the parent has it: not sent back
    return file_result
