"""recsys/checkpoint/tables.py -- build embedding tables from a vocab file, then checkpoint them."""
import json
import os
import queue
import tempfile
import threading

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

SHARDING_PLAN = {
    "user": {"rows": 16, "dim": 4, "spec": P("table", None), "gather": P(None, None, reduced={"table"})},
    "item": {"rows": 32, "dim": 8, "spec": P(("replica", "table"), None), "gather": P(None, None, reduced={"table"})},
}


class VocabRow(MapTransform):
    def __init__(self, dim):
        self.dim = dim

    def map(self, record):
        rng = np.random.default_rng(int(record["row"]))
        return {"row": record["row"], "init": rng.standard_normal(self.dim).astype(np.float32) * 0.05}


def read_table(tmp, name, plan):
    recs = [{"row": r, "token": "%s-%d" % (name, r)} for r in range(plan["rows"])]
    path = os.path.join(tmp, name + ".jsonl")
    with open(path, "w") as fh:
        for r in recs:
            fh.write(json.dumps(r) + "\n")
    ds = Dataset.from_source(RecordSource([path])).map(VocabRow(plan["dim"])).batch(plan["rows"])
    return next(iter(ds))["init"]


class TableCheckpointer:
    def __init__(self, mesh, directory):
        self.mesh, self.directory = mesh, directory

    def place(self, name, host):
        sharding = NamedSharding(self.mesh, SHARDING_PLAN[name]["spec"])
        return jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])

    def to_host(self, name, table):
        full = top_level_all_gather(table, SHARDING_PLAN[name]["gather"])
        return np.asarray(full)

    def save(self, tables):
        for name, table in tables.items():
            np.save(os.path.join(self.directory, name + ".npy"), self.to_host(name, table))
        return sorted(os.listdir(self.directory))


@jax.jit
def adagrad_touch(table):
    return table * 0.99


def inputs():
    return (("replica", "table"),)


def main(axes):
    mesh = jax.make_mesh((2, 4), axes)
    with tempfile.TemporaryDirectory() as tmp, jax.set_mesh(mesh):
        ckpt = TableCheckpointer(mesh, tmp)
        tables = {}
        for name, plan in SHARDING_PLAN.items():
            tables[name] = adagrad_touch(ckpt.place(name, read_table(tmp, name, plan)))
        files = ckpt.save(tables)
    print("saved", [f for f in files if f.endswith(".npy")])


if __name__ == "__main__":
    main(*inputs())
