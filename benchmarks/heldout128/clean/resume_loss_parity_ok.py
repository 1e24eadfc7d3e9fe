"""training/resume/loss_parity.py -- the loss right after a resume must equal the loss before it."""
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
BATCH = 8


class Parse(MapTransform):
    def map(self, record):
        return {"x": np.asarray(record["x"], np.float32), "y": np.float32(record["y"])}


class RunState:
    """What the trainer writes next to its checkpoint."""

    def __init__(self, step, pipeline_state, loss, metric_axes):
        self.step, self.pipeline_state, self.loss, self.metric_axes = step, pipeline_state, loss, metric_axes

    def dump(self, path):
        with open(path, "w") as fh:
            json.dump(self.__dict__, fh)

    @classmethod
    def load(cls, path):
        with open(path) as fh:
            return cls(**json.load(fh))


def make_eval_loss(mesh, metric_axes):
    dp, fsdp = mesh.axis_names

    def loss(x, y, w):
        partial_pred = jnp.sum(x * w, axis=-1)                  # features split over fsdp
        pred = jax.lax.psum(partial_pred, fsdp)
        axes = tuple(a for a in metric_axes if a != fsdp)      # pred is already summed over fsdp
        return jax.lax.pmean(jnp.mean((pred - y) ** 2), axes)

    return jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(dp, fsdp), P(dp), P(fsdp)), out_specs=P()))


def dataset(path):
    return Dataset.from_source(RecordSource([path])).map(Parse()).shuffle(seed=8).batch(BATCH, drop_remainder=True)


def inputs():
    return (("dp", "fsdp"), 2)


def main(axes, resume_step):
    mesh = jax.make_mesh((4, 2), axes)
    rng = np.random.default_rng(8)
    w_host = rng.standard_normal(DIM).astype(np.float32)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_records(tmp, "d", [{"x": rng.standard_normal(DIM), "y": float(rng.standard_normal())}
                                        for _ in range(40)])
        it = iter(dataset(path))
        for _ in range(resume_step):
            next(it)
        state_path = os.path.join(tmp, "run_state.json")
        RunState(resume_step, it.get_state(), None, list(mesh.axis_names)).dump(state_path)

        restored = RunState.load(state_path)
        it2 = iter(dataset(path))
        it2.set_state(restored.pipeline_state)
        batch = next(it2)
        with jax.set_mesh(mesh):
            loss_fn = make_eval_loss(mesh, restored.metric_axes)
            x = jax.device_put(batch["x"], NamedSharding(mesh, P(*axes)))
            y = jax.device_put(batch["y"], NamedSharding(mesh, P(axes[0])))
            w = jax.device_put(w_host, NamedSharding(mesh, P(axes[1])))
            value = float(loss_fn(x, y, w))
    print("loss after resume at step", restored.step, "=", round(value, 4))


if __name__ == "__main__":
    main(*inputs())
