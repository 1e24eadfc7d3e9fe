"""evaluation/uncertainty/entropy.py -- predictive entropy of padded eval batches (class-sharded)."""
import json
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

DIM = 4
CLASSES = 8
BATCH = 8

EVAL_CONFIG = {
    "mesh": {"shape": (4, 2), "axes": ("replica", "shard")},
    "inputs": {"x": ("replica", None), "mask": ("replica",), "w": (None, "shard")},
    "probs_layout": "full_rows",
}


class ParseExample(MapTransform):
    def map(self, record):
        return {"x": np.asarray(record["features"], np.float32)}


def spec(name):
    return P(*EVAL_CONFIG["inputs"][name])


def probabilities(x, w, class_axis, layout):
    logits = x @ w
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), class_axis)
    e = jnp.exp(logits - m)
    p = e / jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), class_axis)
    if layout == "full_rows":
        return jax.lax.all_gather(p, class_axis, axis=1, tiled=True, to="reduced")
    return p


def entropy_body(x, mask, w):
    class_axis = EVAL_CONFIG["inputs"]["w"][1]
    batch_axis = EVAL_CONFIG["inputs"]["x"][0]
    p = probabilities(x, w, class_axis, EVAL_CONFIG["probs_layout"])
    p = p * mask[:, None]
    ent = -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)
    return jax.lax.psum(jnp.sum(ent), batch_axis)


def padded_batches(ds):
    for b in ds:
        n = b["x"].shape[0]
        mask = np.zeros((BATCH,), np.float32)
        mask[:n] = 1.0
        x = np.zeros((BATCH, DIM), np.float32)
        x[:n] = b["x"]
        yield x, mask


def inputs():
    return (EVAL_CONFIG, 10)


def main(cfg, n):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], cfg["mesh"]["axes"])
    rng = np.random.default_rng(n)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"features": rng.standard_normal(DIM)} for _ in range(n)]
        path = write_records(tmp, "ood", recs)
        ds = Dataset.from_source(RecordSource([path])).map(ParseExample()).batch(BATCH)
        batches = list(padded_batches(ds))
    with jax.set_mesh(mesh):
        fn = jax.jit(jax.shard_map(entropy_body, mesh=mesh,
                                   in_specs=(spec("x"), spec("mask"), spec("w")),
                                   out_specs=P(reduced={"shard"})))
        w = jax.device_put(rng.standard_normal((DIM, CLASSES)).astype(np.float32), NamedSharding(mesh, spec("w")))
        total = 0.0
        for x, m in batches:
            total += float(fn(jax.device_put(x, NamedSharding(mesh, spec("x"))),
                              jax.device_put(m, NamedSharding(mesh, spec("mask"))), w))
    print("mean entropy", round(total / n, 4))


if __name__ == "__main__":
    main(*inputs())
