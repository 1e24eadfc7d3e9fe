"""evaluation/loss/masked_mean.py -- the eval loss over padded batches, normalised by real examples."""
import json
import os
import queue
import tempfile
import threading
from typing import NamedTuple

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

DIM = 4
BATCH = 8


class EvalBatch(NamedTuple):
    x: np.ndarray
    y: np.ndarray
    mask: np.ndarray


class ToFloat(MapTransform):
    def map(self, record):
        return {"x": np.asarray(record["x"], np.float32), "y": np.float32(record["y"])}


def to_eval_batches(ds, batch):
    for b in ds:
        n = b["y"].shape[0]
        mask = (np.arange(batch) < n).astype(np.float32)
        x = np.zeros((batch, DIM), np.float32)
        y = np.zeros((batch,), np.float32)
        x[:n], y[:n] = b["x"], b["y"]
        yield EvalBatch(x, y, mask)


class MaskedMean:
    def __init__(self, axis):
        self.axis = axis

    def real_examples(self, mask):
        every_mask = jax.lax.all_gather(mask, self.axis, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(every_mask), self.axis)

    def __call__(self, x, y, mask, w):
        pred = x @ w
        err = jnp.sum(((pred - y) ** 2) * mask)
        return jax.lax.psum(err, self.axis) / self.real_examples(mask)


class EvalRunner:
    def __init__(self, mesh, batch_axis):
        self.mesh, self.batch_axis = mesh, batch_axis
        self.shardings = EvalBatch(NamedSharding(mesh, P(batch_axis, None)),
                                   NamedSharding(mesh, P(batch_axis)),
                                   NamedSharding(mesh, P(batch_axis)))
        metric = MaskedMean(batch_axis)
        self.fn = jax.jit(jax.shard_map(metric, mesh=mesh,
                                        in_specs=(P(batch_axis, None), P(batch_axis), P(batch_axis), P()),
                                        out_specs=P()))

    def place(self, batch):
        return EvalBatch(*(jax.device_put(a, s) for a, s in zip(batch, self.shardings)))

    def run(self, batches, w):
        return [float(self.fn(*self.place(b), w)) for b in batches]


def inputs():
    return ("replica", 19)


def main(batch_axis, n):
    mesh = jax.make_mesh((4, 2), (batch_axis, "shard"))
    rng = np.random.default_rng(n)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"x": rng.standard_normal(DIM), "y": float(rng.standard_normal())} for _ in range(n)]
        paths = [write_records(tmp, "e%d" % i, recs[i::3]) for i in range(3)]
        ds = (Dataset.from_source(RecordSource(paths))
              .map(ToFloat())
              .batch(BATCH)
              .prefetch(2))
        batches = list(to_eval_batches(DataLoader(ds, worker_count=2), BATCH))
    with jax.set_mesh(mesh):
        runner = EvalRunner(mesh, batch_axis)
        w = jax.device_put(rng.standard_normal((DIM,)).astype(np.float32), NamedSharding(mesh, P()))
        losses = runner.run(batches, w)
    print("eval mse per batch", [round(l, 3) for l in losses])


if __name__ == "__main__":
    main(*inputs())
