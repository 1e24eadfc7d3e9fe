"""multitask/serve/task_router.py -- route each request to a task head by the router's log-probs."""
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

DIM = 8
TASKS = 8


class RequestFeatures(MapTransform):
    def __init__(self, vocab):
        self.vocab = vocab

    def map(self, record):
        bag = np.zeros((DIM,), np.float32)
        for tok in str(record["text"]).split():
            bag[hash_token(tok) % DIM] += 1.0
        return {"bag": bag / max(1.0, bag.sum()), "rid": np.int32(record["rid"])}


def hash_token(tok):
    h = 0
    for ch in tok:
        h = (h * 31 + ord(ch)) % 1000003
    return h


class Router:
    def __init__(self, task_axis, batch_axis):
        self.task_axis, self.batch_axis = task_axis, batch_axis

    def scores(self, bag, w):
        local = bag @ w                                   # this shard's tasks
        return jax.lax.all_gather(local, self.task_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, bag, w):
        logp = jax.nn.log_softmax(self.scores(bag, w), axis=-1)
        return jnp.argmax(logp, axis=-1), jnp.max(logp, axis=-1)


def build(mesh, router):
    b, t = router.batch_axis, router.task_axis
    return jax.jit(jax.shard_map(router, mesh=mesh, in_specs=(P(b, None), P(None, t)),
                                 out_specs=(P(b, reduced={t}), P(b, reduced={t}))))


REQUESTS = ["translate this to french", "summarise the meeting notes", "what is the capital",
            "classify the sentiment", "fix my sql query", "write a haiku", "explain the error",
            "rank these products"]


def inputs():
    return ("data", "task")


def main(batch_axis, task_axis):
    mesh = jax.make_mesh((2, 4), (batch_axis, task_axis))
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "requests.jsonl"), "w") as fh:
            for i, text in enumerate(REQUESTS):
                fh.write(json.dumps({"text": text, "rid": i}) + "\n")
        source = RecordSource([os.path.join(tmp, "requests.jsonl")])
        ds = Dataset.from_source(source).map(RequestFeatures(DIM)).batch(8, drop_remainder=True)
        batch = next(iter(ds))
    router = Router(task_axis, batch_axis)
    w = rng.standard_normal((DIM, TASKS)).astype(np.float32)
    with jax.set_mesh(mesh):
        bag = jax.device_put(batch["bag"], NamedSharding(mesh, P(batch_axis, None)))
        wd = jax.device_put(w, NamedSharding(mesh, P(None, task_axis)))
        chosen, conf = build(mesh, router)(bag, wd)
    print("routes", np.asarray(chosen).tolist())


if __name__ == "__main__":
    main(*inputs())
