"""lm/debug/embedding_dump.py -- dump packed-batch embeddings for offline inspection."""
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

PIPELINE = {
    "seq_len": 8,
    "batch": 4,
    "d_model": 16,
    "specs": {"tokens": ("data", None), "table": (None, "model")},
    "dump": {"hidden_axis": "model", "all_axes": ("data",)},
}


class Truncate(MapTransform):
    def __init__(self, n):
        self.n = n

    def map(self, record):
        t = record["tokens"]
        out = np.zeros((self.n,), np.int32)
        out[: min(self.n, t.shape[0])] = t[: self.n]
        return {"tokens": out}


def spec_of(name):
    return P(*PIPELINE["specs"][name])


def put_from_host(host, mesh, name):
    sharding = NamedSharding(mesh, spec_of(name))
    shards = []
    for device, index in sharding.addressable_devices_indices_map(host.shape).items():
        shards.append(jax.device_put(host[index], device))
    return jax.make_array_from_single_device_arrays(host.shape, sharding, shards)


def lookup(tokens, table):
    onehot = jax.nn.one_hot(tokens, table.shape[0], dtype=table.dtype)
    return onehot @ table


def gather_hidden(h, axis):
    return jax.lax.all_gather(h, axis, axis=2, tiled=True, to="reduced")


def dump_all(h, axes):
    return jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")


def build_dump(mesh):
    dump = PIPELINE["dump"]

    def body(tokens, table):
        h = lookup(tokens, table)
        h = gather_hidden(h, dump["hidden_axis"])
        return dump_all(h, dump["all_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=(spec_of("tokens"), spec_of("table")),
                         out_specs=P(None, None, None, reduced={*dump["all_axes"], dump["hidden_axis"]}))


def inputs():
    return ("lm-dump",)


def main(tag):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(3)
    with tempfile.TemporaryDirectory() as tmp:
        docs = [{"tokens": rng.integers(1, 32, size=int(rng.integers(3, 12)))} for _ in range(12)]
        path = write_records(tmp, tag, docs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(Truncate(PIPELINE["seq_len"]))
              .batch(PIPELINE["batch"], drop_remainder=True)
              .prefetch(1))
        it = iter(ds)
        first = next(it)
        state = it.get_state()
        table = rng.standard_normal((32, PIPELINE["d_model"])).astype(np.float32)
        with jax.set_mesh(mesh):
            tokens = put_from_host(first["tokens"], mesh, "tokens")
            w = put_from_host(table, mesh, "table")
            dumped = build_dump(mesh)(tokens, w)
            np.save(os.path.join(tmp, tag + ".npy"), np.asarray(dumped))
        print("dumped", dumped.shape, "resume at", state)


if __name__ == "__main__":
    main(*inputs())
