"""multitask/data/mixture_rates.py -- sample a task mixture and monitor the realised task rates."""
import json
import os
import queue
import tempfile
import threading
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- input pipeline (a small grain/tf.data-like subset, pasted; the framework is not installed) ---
class ShardOptions:
    def __init__(self, shard_index, shard_count, drop_remainder=True):
        self.shard_index, self.shard_count, self.drop_remainder = shard_index, shard_count, drop_remainder


class MapTransform:
    def map(self, record):
        raise NotImplementedError


class FilterTransform:
    def filter(self, record):
        raise NotImplementedError


def _apply(fn, record):
    if isinstance(fn, MapTransform):
        return fn.map(record)
    return fn(record)


def write_records(directory, name, records):
    path = os.path.join(directory, name + ".jsonl")
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps({k: np.asarray(v).tolist() for k, v in rec.items()}) + "\n")
    return path


class RecordSource:
    def __init__(self, paths, shard_options=None):
        rows = []
        for p in paths:
            with open(p) as fh:
                rows.extend(json.loads(line) for line in fh)
        if shard_options is not None:
            rows = rows[shard_options.shard_index::shard_options.shard_count]
        self._rows = rows

    def __len__(self):
        return len(self._rows)

    def __getitem__(self, i):
        return {k: np.asarray(v) for k, v in self._rows[i].items()}


class DatasetIterator:
    def __init__(self, ds):
        self._ds, self._pos, self._order = ds, 0, ds._order()

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._pos >= len(self._order):
                raise StopIteration
            out = self._ds._produce(self._order, self._pos)
            self._pos = out[1]
            if out[0] is not None:
                return out[0]

    def get_state(self):
        return {"pos": self._pos}

    def set_state(self, state):
        self._pos = int(state["pos"])


class Dataset:
    def __init__(self, source, ops=()):
        self._source, self._ops = source, tuple(ops)

    @classmethod
    def from_source(cls, source):
        return cls(source)

    def _with(self, op):
        return Dataset(self._source, self._ops + (op,))

    def map(self, fn):
        return self._with(("map", fn))

    def filter(self, fn):
        return self._with(("filter", fn))

    def shuffle(self, seed):
        return self._with(("shuffle", seed))

    def batch(self, n, drop_remainder=False):
        return self._with(("batch", (n, drop_remainder)))

    def prefetch(self, k):
        return self._with(("prefetch", k))

    def _order(self):
        order = np.arange(len(self._source))
        for kind, arg in self._ops:
            if kind == "shuffle":
                order = np.random.default_rng(arg).permutation(order)
        return order

    def _one(self, i):
        rec = self._source[int(i)]
        for kind, arg in self._ops:
            if kind == "map":
                rec = _apply(arg, rec)
            elif kind == "filter":
                keep = arg.filter(rec) if isinstance(arg, FilterTransform) else arg(rec)
                if not keep:
                    return None
        return rec

    def _produce(self, order, pos):
        size = next((arg for kind, arg in self._ops if kind == "batch"), None)
        if size is None:
            return self._one(order[pos]), pos + 1
        n, drop = size
        recs = []
        while len(recs) < n and pos < len(order):
            rec = self._one(order[pos])
            pos += 1
            if rec is not None:
                recs.append(rec)
        if len(recs) < n and (drop or not recs):
            return None, len(order)
        return {k: np.stack([r[k] for r in recs]) for k in recs[0]}, pos

    def __iter__(self):
        return DatasetIterator(self)


class DataLoader:
    """Runs the dataset in worker threads; batches come out in order."""

    def __init__(self, dataset, worker_count=2, buffer=4):
        self._it, self._lock = iter(dataset), threading.Lock()
        self._queue = queue.Queue(maxsize=buffer)
        self._workers = [threading.Thread(target=self._work, daemon=True) for _ in range(worker_count)]
        self._done = 0
        for w in self._workers:
            w.start()

    def _work(self):
        while True:
            with self._lock:
                try:
                    item = next(self._it)
                except StopIteration:
                    item = None
                self._queue.put(item)
            if item is None:
                return

    def __iter__(self):
        while self._done < len(self._workers):
            item = self._queue.get()
            if item is None:
                self._done += 1
                continue
            yield item

    def get_state(self):
        return self._it.get_state()
# --- end of the pasted pipeline ----------------------------------------------------------------

TASKS = ("qa", "summarise", "translate", "classify")


@dataclass
class MixtureConfig:
    weights: tuple = (0.4, 0.3, 0.2, 0.1)
    data_axis: str = "data"
    task_axis: str = "task"
    monitor_role: str = "data"
    batch_size: int = 16
    seed: int = 3


class MixtureSource:
    """Interleaves per-task record sources by weight (a deterministic sampler)."""

    def __init__(self, sources, weights, seed):
        self.sources, self.weights = sources, np.asarray(weights) / np.sum(weights)
        rng = np.random.default_rng(seed)
        n = sum(len(s) for s in sources)
        self.plan = rng.choice(len(sources), size=n, p=self.weights)
        self.cursor = [0] * len(sources)
        self.index = []
        for t in self.plan:
            self.index.append((int(t), self.cursor[t] % len(sources[t])))
            self.cursor[t] += 1

    def __len__(self):
        return len(self.index)

    def __getitem__(self, i):
        t, j = self.index[i]
        rec = self.sources[t][j]
        rec["task"] = np.int32(t)
        return rec


def task_counts(task_ids, num_tasks, data_axis):
    local = jnp.sum(jax.nn.one_hot(task_ids, num_tasks), axis=0)
    return jax.lax.psum(local, data_axis)


class RateMonitor:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axis = getattr(cfg, cfg.monitor_role + "_axis")

    def __call__(self, counts):
        return jax.lax.all_gather(counts / self.cfg.batch_size, self.axis, to="reduced")


def build(mesh, cfg):
    monitor = RateMonitor(cfg)

    def body(task_ids):
        counts = task_counts(task_ids, len(TASKS), cfg.data_axis)
        return monitor(counts)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(cfg.data_axis),
                                 out_specs=P(None, None, reduced={monitor.axis})))


def inputs():
    return (MixtureConfig(),)


def main(cfg):
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.task_axis))
    rng = np.random.default_rng(cfg.seed)
    with tempfile.TemporaryDirectory() as tmp:
        sources = []
        for t, name in enumerate(TASKS):
            recs = [{"tokens": rng.integers(0, 50, size=4)} for _ in range(8 + 4 * t)]
            sources.append(RecordSource([write_records(tmp, name, recs)]))
        mixture = MixtureSource(sources, cfg.weights, cfg.seed)
        ds = Dataset.from_source(mixture).batch(cfg.batch_size, drop_remainder=True).prefetch(2)
        batches = list(DataLoader(ds, worker_count=2))
    with jax.set_mesh(mesh):
        fn = build(mesh, cfg)
        rates = [np.asarray(fn(jax.device_put(b["task"], NamedSharding(mesh, P(cfg.data_axis)))))
                 for b in batches]
    print("batches", len(rates), "rates", np.round(rates[0][0], 2).tolist())


if __name__ == "__main__":
    main(*inputs())
