"""recsys/features/id_frequency.py -- sparse-id frequency counts for the hot-id cache, per step."""
import functools
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

VOCAB = 16


@dataclass(frozen=True)
class FeatureSpec:
    name: str
    vocab: int
    hotness: int


FEATURES = (FeatureSpec("item_id", VOCAB, 3), FeatureSpec("category", VOCAB, 2))

EXPORTERS = {
    "per_step": functools.partial(jax.lax.all_gather, axis_name="replica", to="reduced"),
    "summed": lambda x: x,
}


class PadHotness(MapTransform):
    def __init__(self, features):
        self.features = features

    def map(self, record):
        out = {}
        for f in self.features:
            ids = np.full((f.hotness,), -1, np.int32)
            raw = np.asarray(record[f.name], np.int32)[: f.hotness]
            ids[: raw.shape[0]] = raw
            out[f.name] = ids
        out["label"] = np.float32(record["label"])
        return out


def counts(ids, vocab):
    valid = (ids >= 0).astype(jnp.float32)
    return jnp.sum(jax.nn.one_hot(jnp.maximum(ids, 0), vocab) * valid[..., None], axis=(0, 1))


def make_counter(mesh, export):
    exporter = EXPORTERS[export]

    def body(item_id, category):
        c = counts(item_id, VOCAB) + counts(category, VOCAB)
        c = jax.lax.psum(c, "replica")
        c = jax.lax.psum(c, "table")
        return exporter(c)

    spec = P(("replica", "table"), None)
    out = P(None, reduced={"replica"}) if export == "per_step" else P(None)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=out))


def inputs():
    return ("per_step",)


def main(export):
    mesh = jax.make_mesh((2, 4), ("replica", "table"))
    rng = np.random.default_rng(5)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"item_id": rng.integers(0, VOCAB, size=int(rng.integers(1, 4))),
                 "category": rng.integers(0, VOCAB, size=int(rng.integers(1, 3))),
                 "label": int(rng.integers(0, 2))} for _ in range(32)]
        paths = [write_records(tmp, "day-%d" % d, recs[d::4]) for d in range(4)]
        ds = (Dataset.from_source(RecordSource(paths))
              .map(PadHotness(FEATURES))
              .shuffle(seed=0)
              .batch(8, drop_remainder=True)
              .prefetch(4))
        loader = DataLoader(ds, worker_count=2)
        sharding = NamedSharding(mesh, P(("replica", "table"), None))
        with jax.set_mesh(mesh):
            counter = make_counter(mesh, export)
            hot = np.zeros((VOCAB,), np.float32)
            for batch in loader:
                g = {f.name: jax.device_put(batch[f.name], sharding) for f in FEATURES}
                hot += np.asarray(counter(g["item_id"], g["category"])).reshape(-1, VOCAB).sum(0)
    print("hottest ids", np.argsort(-hot)[:3].tolist())


if __name__ == "__main__":
    main(*inputs())
