"""vision/augment/mixup.py -- mixup with the neighbouring host's images, on a batch-sharded mesh."""
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

SIZE = 4
CLASSES = 5


class Normalize(MapTransform):
    mean = np.array([0.5, 0.5, 0.5], np.float32)
    std = np.array([0.25, 0.25, 0.25], np.float32)

    def map(self, record):
        img = np.asarray(record["pixels"], np.float32).reshape(SIZE, SIZE, 3) / 255.0
        onehot = np.eye(CLASSES, dtype=np.float32)[int(record["label"])]
        return {"image": (img - self.mean) / self.std, "label": onehot}


class MixUp:
    """Mixes each shard with the images held by the next shard along `axis`."""

    def __init__(self, axis, size, alpha=0.3, use_pool=True):
        self.axis, self.size, self.alpha, self.use_pool = axis, size, alpha, use_pool

    def pool(self, images):
        # the pooled batch is also what the augmentation visualiser reads
        return jax.lax.all_gather(images, self.axis, axis=0, tiled=True, to="reduced")

    def partner(self, images):
        perm = [(i, (i + 1) % self.size) for i in range(self.size)]
        src = self.pool(images) if self.use_pool else images
        return jax.lax.ppermute(src, self.axis, perm)

    def __call__(self, images, labels):
        other_x = self.partner(images)
        other_y = jax.lax.ppermute(labels, self.axis, [(i, (i + 1) % self.size) for i in range(self.size)])
        lam = self.alpha
        return (1 - lam) * images + lam * other_x, (1 - lam) * labels + lam * other_y


def make_augment(mesh, axis):
    mix = MixUp(axis, mesh.shape[axis])
    return jax.jit(jax.shard_map(mix, mesh=mesh,
                                 in_specs=(P(axis, None, None, None), P(axis, None)),
                                 out_specs=(P(axis, None, None, None), P(axis, None))))


def inputs():
    return ("batch",)


def main(axis):
    mesh = jax.make_mesh((4, 2), (axis, "spatial"))
    rng = np.random.default_rng(21)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"pixels": rng.integers(0, 256, size=SIZE * SIZE * 3), "label": i % CLASSES} for i in range(16)]
        host_paths = []
        for host in range(2):
            host_paths.append(write_records(tmp, "host%d" % host, recs[host::2]))
        per_host = []
        for host in range(2):
            ds = (Dataset.from_source(RecordSource(host_paths, ShardOptions(host, 2)))
                  .map(Normalize())
                  .shuffle(seed=host)
                  .batch(4, drop_remainder=True))
            per_host.append(next(iter(ds)))
    images = np.concatenate([b["image"] for b in per_host])
    labels = np.concatenate([b["label"] for b in per_host])
    with jax.set_mesh(mesh):
        x = jax.device_put(images, NamedSharding(mesh, P(axis, None, None, None)))
        y = jax.device_put(labels, NamedSharding(mesh, P(axis, None)))
        mx, my = make_augment(mesh, axis)(x, y)
    print("mixed", mx.shape, "label mass", float(my.sum()))


if __name__ == "__main__":
    main(*inputs())
