"""training/checkpoint/opt_state.py -- save optimizer moments and the pipeline state together."""
import contextlib
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

DIM = 8
BATCH = 8
MOMENT_SPEC = P("fsdp", None)
SAVE_SPEC = P(None, None, reduced={"fsdp"})


@contextlib.contextmanager
def checkpoint_context(mesh):
    """Everything the checkpointer does runs on the training mesh."""
    with mesh:
        yield mesh


class Scale(MapTransform):
    def map(self, record):
        return {"g": np.asarray(record["g"], np.float32) * 0.1}


def moments_update(mu, nu, g, b1=0.9, b2=0.999):
    return b1 * mu + (1 - b1) * g, b2 * nu + (1 - b2) * g * g


class Checkpointer:
    def __init__(self, directory):
        self.directory = directory

    def save(self, step, moments, iterator):
        files = {}
        for name, value in moments.items():
            host = np.asarray(top_level_all_gather(value, SAVE_SPEC))
            files[name] = os.path.join(self.directory, "%s-%d.npy" % (name, step))
            np.save(files[name], host)
        with open(os.path.join(self.directory, "pipeline-%d.json" % step), "w") as fh:
            json.dump(iterator.get_state(), fh)
        return files


def inputs():
    return (3,)


def main(steps):
    mesh = jax.make_mesh((4, 2), ("dp", "fsdp"))
    rng = np.random.default_rng(1)
    sharding = NamedSharding(mesh, MOMENT_SPEC)
    update = jax.jit(moments_update, out_shardings=(sharding, sharding))
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"g": rng.standard_normal((DIM, 2))} for _ in range(steps * 2)]
        path = write_records(tmp, "grads", recs)
        it = iter(Dataset.from_source(RecordSource([path])).map(Scale()).batch(2, drop_remainder=True))
        mu = jax.device_put(np.zeros((DIM, 2), np.float32), sharding)
        nu = jax.device_put(np.zeros((DIM, 2), np.float32), sharding)
        for step in range(steps):
            g = next(it)["g"].sum(axis=0)
            mu, nu = update(mu, nu, jax.device_put(g, sharding))
        with checkpoint_context(mesh):
            files = Checkpointer(tmp).save(steps, {"mu": mu, "nu": nu}, it)
        sizes = {k: np.load(v).shape for k, v in files.items()}
    print("saved", sizes)


if __name__ == "__main__":
    main(*inputs())
