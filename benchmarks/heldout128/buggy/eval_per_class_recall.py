"""evaluation/classification/per_class.py -- padded eval batches, per-class recall over class shards."""
import json
import math
import os
import queue
import tempfile
import threading

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

CLASSES = 8
DIM = 6


def pad_to_batches(dataset, batch_size):
    """Final partial batch padded with zeros and a zero mask, the usual eval padding."""
    out = []
    for b in dataset:
        n = len(b["label"])
        mask = np.ones((batch_size,), np.float32)
        if n < batch_size:
            mask[n:] = 0.0
            b = {k: np.concatenate([v, np.zeros((batch_size - n,) + v.shape[1:], v.dtype)]) for k, v in b.items()}
        b["mask"] = mask
        out.append(b)
    return out


class EvalBatcher:
    def __init__(self, mesh, spec):
        self.batch_sharding = NamedSharding(mesh, spec)
        self.class_sharding = NamedSharding(mesh, P(None, spec[1]))

    def put(self, host, sharding):
        return jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])


class PerClassRecall:
    def __init__(self, batcher):
        self.count_axis = batcher.batch_sharding.spec[0]
        self.class_axis = batcher.class_sharding.spec[1]

    def __call__(self, x, onehot, mask, w):
        logits = x @ w
        local_best = jnp.max(logits, axis=-1)
        best = jax.lax.pmax(local_best, self.class_axis)
        hit = (logits == best[:, None]) * onehot * mask[:, None]
        found = jax.lax.psum(jnp.sum(hit, axis=0), self.count_axis)
        total = jax.lax.psum(jnp.sum(onehot * mask[:, None], axis=0), self.count_axis)
        curve = jax.lax.all_gather(found, self.count_axis, to="reduced")
        return found / jnp.maximum(total, 1.0), curve


def inputs():
    return (P("replica", "shard"), 13)


def main(spec, n_examples):
    mesh = jax.make_mesh((4, 2), ("replica", "shard"))
    rng = np.random.default_rng(n_examples)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"x": rng.standard_normal(DIM), "label": int(rng.integers(0, CLASSES))} for _ in range(n_examples)]
        path = write_records(tmp, "eval", recs)
        ds = Dataset.from_source(RecordSource([path])).batch(8, drop_remainder=False)
        batches = pad_to_batches(ds, 8)
    batcher = EvalBatcher(mesh, spec)
    metric = PerClassRecall(batcher)
    w = rng.standard_normal((DIM, CLASSES)).astype(np.float32)
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(metric, mesh=mesh,
                                   in_specs=(P(spec[0], None), P(spec[0], spec[1]), P(spec[0]), P(None, spec[1])),
                                   out_specs=(P(spec[1]), P(None, spec[1], reduced={spec[0]}))))
        wd = batcher.put(w, batcher.class_sharding)
        for b in batches:
            onehot = np.eye(CLASSES, dtype=np.float32)[b["label"]] * b["mask"][:, None]
            recall, curve = fn(batcher.put(b["x"].astype(np.float32), NamedSharding(mesh, P(spec[0], None))),
                               batcher.put(onehot, batcher.batch_sharding),
                               batcher.put(b["mask"], NamedSharding(mesh, P(spec[0]))), wd)
    print("batches", len(batches), "recall", np.round(np.asarray(recall), 2).tolist())


if __name__ == "__main__":
    main(*inputs())
