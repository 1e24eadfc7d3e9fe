"""vision/augment/device_side.py -- run the host transforms' arithmetic on device, after the gather."""
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


class Decode(MapTransform):
    def map(self, record):
        return {"image": np.asarray(record["pixels"], np.float32).reshape(SIZE, SIZE, 3)}


class Rescale(MapTransform):
    """Works on NumPy (host) and on jax arrays (device)."""

    def __init__(self, scale, offset):
        self.scale, self.offset = scale, offset

    def map(self, record):
        return {**record, "image": record["image"] * self.scale + self.offset}


HOST_TRANSFORMS = [Decode()]
DEVICE_TRANSFORMS = [Rescale(1.0 / 127.5, -1.0)]


class DeviceAugment:
    def __init__(self, mesh, row_axis, batch_axis):
        self.mesh, self.row_axis, self.batch_axis = mesh, row_axis, batch_axis

    def assemble(self, rows):
        # full-height images: the flips and crops below need whole images
        return jax.lax.all_gather(rows, self.row_axis, axis=1, tiled=True, to="reduced")

    def body(self, rows):
        record = {"image": rows}
        for t in DEVICE_TRANSFORMS:
            record = t.map(record)          # elementwise: fine on the row shards
        return self.assemble(record["image"])

    def compile(self):
        spec = P(self.batch_axis, self.row_axis, None, None)
        out = P(self.batch_axis, None, None, None, reduced={self.row_axis})
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=spec, out_specs=out))


def host_dataset(path, seed):
    ds = Dataset.from_source(RecordSource([path]))
    for t in HOST_TRANSFORMS:
        ds = ds.map(t)
    return ds.shuffle(seed=seed).batch(8, drop_remainder=True).prefetch(2)


def inputs():
    return ("batch", "spatial", 6)


def main(batch_axis, row_axis, seed):
    mesh = jax.make_mesh((4, 2), (batch_axis, row_axis))
    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"pixels": rng.integers(0, 256, size=SIZE * SIZE * 3)} for _ in range(16)]
        path = write_records(tmp, "train", recs)
        batches = list(DataLoader(host_dataset(path, seed), worker_count=2))
    sharding = NamedSharding(mesh, P(batch_axis, row_axis, None, None))
    with jax.set_mesh(mesh):
        augment = DeviceAugment(mesh, row_axis, batch_axis).compile()
        outs = []
        for b in batches:
            x = jax.make_array_from_callback(b["image"].shape, sharding, lambda idx, h=b["image"]: h[idx])
            outs.append(np.asarray(augment(x)))
    lo, hi = float(min(o.min() for o in outs)), float(max(o.max() for o in outs))
    print("range", round(lo, 3), round(hi, 3))


if __name__ == "__main__":
    main(*inputs())
