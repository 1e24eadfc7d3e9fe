"""vision/train/contrast_loss.py -- height-sharded images, per-image contrast targets, the mean loss."""
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

SIZE = 8


class RandomContrast(MapTransform):
    def __init__(self, lower, upper, seed):
        self.lower, self.upper = lower, upper
        self.seed = seed

    def map(self, record):
        rng = np.random.default_rng(self.seed * 1000 + int(record["id"]))
        img = np.asarray(record["pixels"], np.float32).reshape(SIZE, SIZE) / 255.0
        f = rng.uniform(self.lower, self.upper)
        mean = img.mean()
        return {"image": (img - mean) * f + mean, "target": np.float32(f)}


def image_sharding(mesh):
    return NamedSharding(mesh, P("batch", "spatial", None))


def per_image_std(rows, row_axis, total_rows):
    s = jax.lax.psum(jnp.sum(rows, axis=(1, 2)), row_axis)
    mean = s / (total_rows * rows.shape[2])
    sq = jax.lax.psum(jnp.sum((rows - mean[:, None, None]) ** 2, axis=(1, 2)), row_axis)
    return jnp.sqrt(sq / (total_rows * rows.shape[2]))


def make_loss(sharding):
    mesh = sharding.mesh
    spec = sharding.spec
    reduce_axes = tuple(mesh.axis_names)
    n_examples = 8

    def loss(images, targets):
        std = per_image_std(images, spec[1], SIZE)
        pred = std * 4.0
        err = jnp.sum((pred - targets) ** 2)
        return jax.lax.psum(err, reduce_axes) / n_examples

    return jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(spec, P(spec[0])), out_specs=P()))


def inputs():
    return (3,)


def main(seed):
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"pixels": rng.integers(0, 256, size=SIZE * SIZE), "id": i} for i in range(16)]
        paths = [write_records(tmp, "c%d" % k, recs[k * 8:(k + 1) * 8]) for k in range(2)]
        ds = (Dataset.from_source(RecordSource(paths))
              .map(RandomContrast(0.5, 1.5, seed))
              .filter(lambda r: float(r["image"].std()) > 0.01)
              .shuffle(seed=seed)
              .batch(8, drop_remainder=True)
              .prefetch(2))
        it = iter(ds)
        sharding = image_sharding(mesh)
        with jax.set_mesh(mesh):
            loss_fn = make_loss(sharding)
            for batch in it:
                x = jax.device_put(batch["image"], sharding)
                t = jax.device_put(batch["target"], NamedSharding(mesh, P("batch")))
                value = loss_fn(x, t)
            state = it.get_state()
    print("loss", round(float(value), 4), "state", state)


if __name__ == "__main__":
    main(*inputs())
