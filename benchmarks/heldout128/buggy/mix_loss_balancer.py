"""multitask/train/loss_balancer.py -- per-task heads, losses balanced against the task mean."""
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

DIM = 6
TASKS = 4
CLASSES = 3


class TaskExample(MapTransform):
    def map(self, record):
        x = np.asarray(record["x"], np.float32)
        y = np.zeros((TASKS,), np.int32)
        y[int(record["task"])] = int(record["y"])
        mask = np.eye(TASKS, dtype=np.float32)[int(record["task"])]
        return {"x": x, "y": y, "mask": mask}


class LossBalancer:
    def __init__(self, task_axis):
        self.task_axis = task_axis

    def all_task_losses(self, local):
        return jax.lax.all_gather(local, self.task_axis, tiled=True, to="reduced")

    def rebalanced(self, local):
        everything = self.all_task_losses(local)
        # each task shard keeps the slice for its own task, summed over the mesh columns
        return jax.lax.psum_scatter(everything, self.task_axis, scatter_dimension=0, tiled=True)


def per_task_loss(x, y, mask, heads):
    logits = jnp.einsum("bd,tdc->btc", x, heads)
    lse = jax.nn.logsumexp(logits, axis=-1)
    picked = jnp.take_along_axis(logits, y[..., None], axis=-1)[..., 0]
    return jnp.sum((lse - picked) * mask, axis=0) / jnp.maximum(jnp.sum(mask, axis=0), 1.0)


def make_step(mesh, data_axis, task_axis):
    balancer = LossBalancer(task_axis)

    def step(x, y, mask, heads):
        local = per_task_loss(x, y, mask, heads)
        local = jax.lax.pmean(local, data_axis)
        balanced = balancer.rebalanced(local)
        return balanced

    specs = (P(data_axis, None), P(data_axis, task_axis), P(data_axis, task_axis), P(task_axis, None, None))
    return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=specs, out_specs=P(task_axis))), specs


def inputs():
    return ("data", "task", 1)


def main(data_axis, task_axis, seed):
    mesh = jax.make_mesh((2, 4), (data_axis, task_axis))
    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"x": rng.standard_normal(DIM), "task": i % TASKS, "y": int(rng.integers(0, CLASSES))}
                for i in range(16)]
        path = write_records(tmp, "mixed", recs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(TaskExample())
              .shuffle(seed=seed)
              .batch(8, drop_remainder=True)
              .prefetch(2))
        batches = list(DataLoader(ds))
    heads = rng.standard_normal((TASKS, DIM, CLASSES)).astype(np.float32) * 0.2
    with jax.set_mesh(mesh):
        step, specs = make_step(mesh, data_axis, task_axis)
        h = jax.device_put(heads, NamedSharding(mesh, specs[3]))
        for b in batches:
            args = [jax.device_put(b[k], NamedSharding(mesh, s)) for k, s in zip(("x", "y", "mask"), specs)]
            out = step(*args, h)
    print("balanced", np.round(np.asarray(out), 3).tolist())


if __name__ == "__main__":
    main(*inputs())
