"""evaluation/export/logits.py -- gather the padded eval logits to host for calibration fitting."""
import json
import os
import queue
import tempfile
import threading
from enum import Enum

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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
CLASSES = 4
BATCH = 8


class Layout(str, Enum):
    EXAMPLES = "replica"
    CLASSES = "shard"


LOGIT_SPEC = P(Layout.EXAMPLES.value, Layout.CLASSES.value)
HOST_SPEC = P(None, None, reduced={Layout.EXAMPLES.value, Layout.CLASSES.value})


class Standardize(MapTransform):
    def __init__(self, mean, std):
        self.mean, self.std = mean, std

    def map(self, record):
        x = (np.asarray(record["x"], np.float32) - self.mean) / self.std
        return {"x": x.astype(np.float32), "label": np.int32(record["label"])}


def eval_batches(path, stats):
    ds = (Dataset.from_source(RecordSource([path]))
          .map(Standardize(*stats))
          .batch(BATCH, drop_remainder=False))
    for b in ds:
        n = b["label"].shape[0]
        pad = BATCH - n
        yield (np.pad(b["x"], ((0, pad), (0, 0))), np.pad(b["label"], (0, pad), constant_values=-1))


def make_logits(mesh):
    out = NamedSharding(mesh, LOGIT_SPEC)

    def logits(x, w):
        return jnp.einsum("bd,dc->bc", x, w, out_sharding=out)

    return jax.jit(logits, out_shardings=out)


def collect(logits_fn, batches, w, in_sharding):
    rows, labels = [], []
    for x, y in batches:
        lg = logits_fn(jax.device_put(x, in_sharding), w)
        rows.append(np.asarray(top_level_all_gather(lg, HOST_SPEC, multi_dim=True)))
        labels.append(y)
    return np.concatenate(rows), np.concatenate(labels)


def inputs():
    return (21,)


def main(n):
    mesh = jax.make_mesh((4, 2), (Layout.EXAMPLES.value, Layout.CLASSES.value))
    rng = np.random.default_rng(n)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"x": rng.standard_normal(DIM) * 3 + 1, "label": int(rng.integers(0, CLASSES))} for _ in range(n)]
        path = write_records(tmp, "calib", recs)
        with jax.set_mesh(mesh):
            w = jax.device_put(rng.standard_normal((DIM, CLASSES)).astype(np.float32),
                               NamedSharding(mesh, P(None, Layout.CLASSES.value)))
            in_sharding = NamedSharding(mesh, P(Layout.EXAMPLES.value, None))
            logits, labels = collect(make_logits(mesh), eval_batches(path, (1.0, 3.0)), w, in_sharding)
    keep = labels >= 0
    acc = float(np.mean(np.argmax(logits[keep], -1) == labels[keep]))
    print("collected", int(keep.sum()), "examples, accuracy", round(acc, 3))


if __name__ == "__main__":
    main(*inputs())
