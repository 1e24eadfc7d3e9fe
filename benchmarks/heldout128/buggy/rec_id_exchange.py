"""recsys/embedding/id_exchange.py -- model-parallel embedding: route ids to the owning table shard."""
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

ROWS = 32
DIM = 4
HOT = 4


class ClipIds(MapTransform):
    def map(self, record):
        ids = np.zeros((HOT,), np.int32)
        raw = np.asarray(record["ids"], np.int32) % ROWS
        ids[: min(HOT, raw.shape[0])] = raw[:HOT]
        return {"ids": ids}


class EmbeddingExchange:
    def __init__(self, table_axis, shards):
        self.table_axis, self.shards = table_axis, shards

    def dedupe_view(self, ids):
        # ids of every table shard, for the duplicate counter
        return jax.lax.all_gather(ids, self.table_axis, axis=0, tiled=True, to="reduced")

    def route(self, ids):
        view = self.dedupe_view(ids)
        sent = jax.lax.all_to_all(view, self.table_axis, 0, 0, tiled=True)
        dups = jnp.sum((view[:, :, None] == view[:, None, :]).astype(jnp.int32))
        return sent, dups

    def lookup(self, sent, table):
        local_rows = table.shape[0]
        start = jax.lax.axis_index(self.table_axis) * local_rows
        local = sent - start
        hit = (local >= 0) & (local < local_rows)
        rows = jnp.take(table, jnp.clip(local, 0, local_rows - 1), axis=0)
        return jnp.where(hit[..., None], rows, 0.0)


def make_step(mesh, table_axis):
    ex = EmbeddingExchange(table_axis, mesh.shape[table_axis])

    def step(ids, table):
        sent, dups = ex.route(ids)
        emb = ex.lookup(sent, table)
        back = jax.lax.all_to_all(emb, table_axis, 0, 0, tiled=True)
        return jnp.sum(back, axis=1)

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(("replica", table_axis), None), P(table_axis, None)),
                                 out_specs=P(("replica", table_axis), None)))


def inputs():
    return ("table",)


def main(table_axis):
    mesh = jax.make_mesh((2, 4), ("replica", table_axis))
    rng = np.random.default_rng(40)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"ids": rng.integers(0, 1000, size=int(rng.integers(1, 6)))} for _ in range(40)]
        path = write_records(tmp, "ids", recs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(ClipIds())
              .shuffle(seed=40)
              .batch(32, drop_remainder=True))
        batch = next(iter(ds))
    table = rng.standard_normal((ROWS, DIM)).astype(np.float32)
    with jax.set_mesh(mesh):
        ids = jax.device_put(batch["ids"], NamedSharding(mesh, P(("replica", table_axis), None)))
        tab = jax.device_put(table, NamedSharding(mesh, P(table_axis, None)))
        pooled = make_step(mesh, table_axis)(ids, tab)
    print("pooled", pooled.shape)


if __name__ == "__main__":
    main(*inputs())
