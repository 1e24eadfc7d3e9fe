"""recsys/retrieval/two_tower.py -- in-batch two-tower scores with column-parallel towers."""
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

DIM = 8
BATCH = 16


class MeshRoles(NamedTuple):
    batch: str
    column: str


class ScoreConfig(NamedTuple):
    roles: MeshRoles
    temperature: float = 0.1

    @property
    def scatter_axes(self):
        return tuple(self.roles)


class FeatureHash(MapTransform):
    def __init__(self, dim, salt):
        self.dim, self.salt = dim, salt

    def map(self, record):
        vec = np.zeros((self.dim,), np.float32)
        for tok in record["tokens"]:
            vec[(int(tok) * 2654435761 + self.salt) % self.dim] += 1.0
        return vec


class PairRecord(MapTransform):
    def __init__(self):
        self.user = FeatureHash(DIM, 1)
        self.item = FeatureHash(DIM, 7)

    def map(self, record):
        return {"user": self.user.map({"tokens": record["user_tokens"]}),
                "item": self.item.map({"tokens": record["item_tokens"]})}


def column_dot(u, v, column_axis):
    return jax.lax.psum(jnp.sum(u * v, axis=-1), column_axis)


def make_scores(mesh, cfg):
    spec = P(cfg.roles.batch, cfg.roles.column)

    def body(user, item):
        positive = column_dot(user, item, cfg.roles.column) / cfg.temperature
        # one score per device row, spread back over all devices for the histogram
        return jax.lax.psum_scatter(positive, cfg.scatter_axes, scatter_dimension=0, tiled=True)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P(cfg.scatter_axes)))


def inputs():
    return (ScoreConfig(MeshRoles("replica", "table")),)


def main(cfg):
    mesh = jax.make_mesh((2, 4), tuple(cfg.roles))
    rng = np.random.default_rng(12)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"user_tokens": rng.integers(0, 100, size=5), "item_tokens": rng.integers(0, 100, size=3)}
                for _ in range(BATCH * 2)]
        path = write_records(tmp, "pairs", recs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(PairRecord())
              .shuffle(seed=12)
              .batch(BATCH, drop_remainder=True)
              .prefetch(2))
        loader = DataLoader(ds, worker_count=2)
        sharding = NamedSharding(mesh, P(cfg.roles.batch, cfg.roles.column))
        with jax.set_mesh(mesh):
            score = make_scores(mesh, cfg)
            hist = []
            for b in loader:
                u = jax.device_put(b["user"], sharding)
                v = jax.device_put(b["item"], sharding)
                hist.append(np.asarray(score(u, v)))
    print("scores", np.concatenate(hist).shape)


if __name__ == "__main__":
    main(*inputs())
