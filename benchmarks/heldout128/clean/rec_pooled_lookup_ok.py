"""recsys/embedding/pooled_lookup.py -- multi-hot bag lookups in a row-sharded embedding table."""
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

ROWS = 32
DIM = 4
HOT = 3


@dataclass(frozen=True)
class TableConfig:
    batch_axis: str = "replica"
    row_axis: str = "table"
    combiner: str = "mean"


class MultiHot(MapTransform):
    def map(self, record):
        ids = np.full((HOT,), -1, np.int32)
        raw = np.asarray(record["ids"], np.int32) % ROWS
        ids[: min(HOT, raw.shape[0])] = raw[:HOT]
        return {"ids": ids, "label": np.float32(record["label"])}


def pooled_lookup(ids, table, cfg):
    rows = table.shape[0]
    start = jax.lax.axis_index(cfg.row_axis) * rows
    local = ids - start
    hit = (ids >= 0) & (local >= 0) & (local < rows)
    got = jnp.take(table, jnp.clip(local, 0, rows - 1), axis=0) * hit[..., None]
    pooled = jax.lax.psum(jnp.sum(got, axis=1), cfg.row_axis)
    if cfg.combiner == "mean":
        count = jnp.maximum(jnp.sum(ids >= 0, axis=1, keepdims=True), 1)
        pooled = pooled / count
    return pooled


def make_step(mesh, cfg):
    def step(ids, labels, table, w):
        pooled = pooled_lookup(ids, table, cfg)
        logit = pooled @ w
        loss = jnp.mean((jax.nn.sigmoid(logit) - labels) ** 2)
        everyone = jax.lax.all_gather(pooled, cfg.batch_axis, axis=0, tiled=True, to="invarying")
        return jax.lax.pmean(loss, cfg.batch_axis), jnp.mean(everyone, axis=0)

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(cfg.batch_axis, None), P(cfg.batch_axis),
                                           P(cfg.row_axis, None), P()),
                                 out_specs=(P(), P())))


def inputs():
    return (TableConfig(),)


def main(cfg):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.row_axis))
    rng = np.random.default_rng(3)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"ids": rng.integers(0, 500, size=int(rng.integers(1, 5))), "label": int(rng.integers(0, 2))}
                for _ in range(24)]
        path = write_records(tmp, "clicks", recs)
        ds = (Dataset.from_source(RecordSource([path], ShardOptions(0, 1)))
              .map(MultiHot())
              .filter(lambda r: int((r["ids"] >= 0).sum()) > 0)
              .shuffle(seed=3)
              .batch(8, drop_remainder=True)
              .prefetch(2))
        batches = list(DataLoader(ds, worker_count=2))
    with jax.set_mesh(mesh):
        step = make_step(mesh, cfg)
        table = jax.device_put(rng.standard_normal((ROWS, DIM)).astype(np.float32),
                               NamedSharding(mesh, P(cfg.row_axis, None)))
        w = jax.device_put(rng.standard_normal((DIM,)).astype(np.float32), NamedSharding(mesh, P()))
        for b in batches:
            loss, centre = step(jax.device_put(b["ids"], NamedSharding(mesh, P(cfg.batch_axis, None))),
                                jax.device_put(b["label"], NamedSharding(mesh, P(cfg.batch_axis))), table, w)
    print("loss", round(float(loss), 4), "centre", np.round(np.asarray(centre), 3).tolist())


if __name__ == "__main__":
    main(*inputs())
