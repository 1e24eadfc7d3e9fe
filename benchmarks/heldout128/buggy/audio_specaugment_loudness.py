"""audio/augment/specaugment.py -- on-device SpecAugment and loudness features over a frame batch."""
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

FRAMES = 8
BINS = 16


class ToLogMel(MapTransform):
    def __init__(self, bins):
        self.bins = bins
        self.fb = np.abs(np.random.default_rng(0).standard_normal((32, bins))).astype(np.float32)

    def map(self, record):
        frames = np.asarray(record["frames"], np.float32).reshape(FRAMES, 32)
        return {"mel": np.log1p(np.abs(frames) @ self.fb), "utt": record["utt"]}


def freq_mask(batch, axes, width=3):
    full = jax.lax.all_gather(batch["mel"], axes["freq"], axis=2, tiled=True, to="reduced")
    keep = (jnp.arange(full.shape[2]) < 5) | (jnp.arange(full.shape[2]) >= 5 + width)
    keep = jax.lax.pcast(keep, axes["freq"], to="reduced")
    return {**batch, "mel": full * keep.astype(full.dtype)}


def loudness(batch, axes):
    per_frame = jnp.sum(batch["mel"], axis=-1)
    total = jax.lax.psum(per_frame, axes["freq"])
    return {**batch, "loudness": total}


DEVICE_STAGES = [freq_mask, loudness]


def make_device_pipeline(mesh, axes):
    in_spec = P(axes["clip"], None, axes["freq"])

    def body(mel):
        batch = {"mel": mel}
        for stage in DEVICE_STAGES:
            batch = stage(batch, axes)
        return batch["loudness"]

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=in_spec, out_specs=P(axes["clip"], None))), in_spec


def inputs():
    return ({"clip": "clip", "freq": "freq"},)


def main(axes):
    mesh = jax.make_mesh((4, 2), (axes["clip"], axes["freq"]))
    rng = np.random.default_rng(14)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"frames": rng.standard_normal(FRAMES * 32), "utt": "u%03d" % i} for i in range(16)]
        paths = [write_records(tmp, "shard%d" % i, recs[i::2]) for i in range(2)]
        ds = (Dataset.from_source(RecordSource(paths))
              .map(ToLogMel(BINS))
              .batch(8, drop_remainder=True)
              .prefetch(2))
        loader = DataLoader(ds, worker_count=2)
        with jax.set_mesh(mesh):
            run, spec = make_device_pipeline(mesh, axes)
            sharding = NamedSharding(mesh, spec)
            out = [run(jax.device_put(b["mel"], sharding)) for b in loader]
    print("loudness", [round(float(o.mean()), 2) for o in out])


if __name__ == "__main__":
    main(*inputs())
