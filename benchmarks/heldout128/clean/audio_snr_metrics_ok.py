"""audio/eval/snr_metrics.py -- signal-to-noise metrics for denoised frames, averaged over the mesh."""
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

FRAMES = 4
BINS = 16
MESH_AXES = ("clip", "freq")


class PairedSpectra(MapTransform):
    """A clean/noisy pair, as power spectra."""

    def __init__(self, noise_level):
        self.noise_level = noise_level

    def map(self, record):
        clean = np.abs(np.asarray(record["clean"], np.float32)).reshape(FRAMES, BINS)
        rng = np.random.default_rng(int(record["seed"]))
        noisy = clean + self.noise_level * np.abs(rng.standard_normal(clean.shape)).astype(np.float32)
        return {"clean": clean, "noisy": noisy}


def denoise(noisy, floor):
    return jnp.maximum(noisy - floor, 0.0)


def frame_metrics(clean, estimate, freq_axis):
    signal = jax.lax.psum(jnp.sum(clean, axis=-1), freq_axis)
    noise = jax.lax.psum(jnp.sum((clean - estimate) ** 2, axis=-1), freq_axis)
    return {
        "snr_db": jnp.mean(10.0 * jnp.log10(signal / (noise + 1e-6))),
        "residual": jnp.mean(noise),
    }


def make_eval(mesh, floor):
    spec = P(MESH_AXES[0], None, MESH_AXES[1])

    def body(clean, noisy):
        est = denoise(noisy, floor)
        metrics = frame_metrics(clean, est, MESH_AXES[1])
        # the metrics are already summed over freq: average them over the clips
        return jax.tree.map(lambda v: jax.lax.pmean(v, MESH_AXES[0]), metrics)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                                 out_specs={"snr_db": P(), "residual": P()})), spec


def inputs():
    return (0.3, 0.2)


def main(noise_level, floor):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    rng = np.random.default_rng(123)
    with tempfile.TemporaryDirectory() as tmp:
        recs = [{"clean": rng.standard_normal(FRAMES * BINS), "seed": i} for i in range(16)]
        path = write_records(tmp, "pairs", recs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(PairedSpectra(noise_level))
              .shuffle(seed=0)
              .batch(8, drop_remainder=True))
        batches = list(ds)
    with jax.set_mesh(mesh):
        evaluate, spec = make_eval(mesh, floor)
        sharding = NamedSharding(mesh, spec)
        results = [evaluate(jax.device_put(b["clean"], sharding), jax.device_put(b["noisy"], sharding))
                   for b in batches]
    print({k: round(float(np.mean([r[k] for r in results])), 3) for k in results[0]})


if __name__ == "__main__":
    main(*inputs())
