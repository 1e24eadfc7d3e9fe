"""vision/input/crop_preview.py -- random crops on height-sharded images, with a preview sheet."""
import json
import os
import queue
import tempfile
import threading
from dataclasses import dataclass, field

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


@dataclass
class InputConfig:
    image_spec: P = field(default_factory=lambda: P("batch", "spatial", None, None))
    crop: int = 6
    batch_size: int = 8
    seed: int = 99


def spec_axes(spec):
    out = []
    for entry in spec:
        if entry is None:
            continue
        out.extend(entry if isinstance(entry, tuple) else (entry,))
    return tuple(out)


class CenterJitterCrop(MapTransform):
    def __init__(self, crop, seed):
        self.crop, self.seed = crop, seed

    def map(self, record):
        img = record["image"].reshape(SIZE, SIZE, 3).astype(np.float32)
        rng = np.random.default_rng(self.seed + int(record["id"]))
        oy, ox = rng.integers(0, SIZE - self.crop + 1, size=2)
        out = np.zeros_like(img)
        out[oy:oy + self.crop, ox:ox + self.crop] = img[oy:oy + self.crop, ox:ox + self.crop]
        return {"image": out / 255.0, "id": record["id"]}


class PreviewSheet:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axes = spec_axes(cfg.image_spec)
        self.batch_axis = cfg.image_spec[0]

    def rows(self, images):
        height_axis = self.cfg.image_spec[1]
        return jax.lax.all_gather(images, height_axis, axis=1, tiled=True, to="reduced")

    def sheet(self, full_height):
        return jax.lax.all_gather(full_height, self.batch_axis, axis=0, tiled=True, to="reduced")

    def build(self, mesh):
        def body(images):
            return self.sheet(self.rows(images))
        return jax.shard_map(body, mesh=mesh, in_specs=self.cfg.image_spec,
                             out_specs=P(None, None, None, None, reduced=set(self.axes)))


def inputs():
    return (InputConfig(),)


def main(cfg):
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    rng = np.random.default_rng(cfg.seed)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"image": rng.integers(0, 256, size=SIZE * SIZE * 3), "id": i} for i in range(12)]
        path = write_records(tmp, "val-crops", recs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(CenterJitterCrop(cfg.crop, cfg.seed))
              .batch(cfg.batch_size, drop_remainder=True)
              .prefetch(1))
        it = iter(ds)
        batch = next(it)
        sharding = NamedSharding(mesh, cfg.image_spec)
        images = jax.make_array_from_callback(batch["image"].shape, sharding,
                                              lambda idx: batch["image"][idx])
        with jax.set_mesh(mesh):
            sheet = PreviewSheet(cfg).build(mesh)(images)
        np.save(os.path.join(tmp, "sheet.npy"), np.asarray(sheet))
    print("preview", sheet.shape)


if __name__ == "__main__":
    main(*inputs())
