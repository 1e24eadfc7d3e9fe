"""lm/model/packed_attention.py -- sequence-parallel attention over packed rows with segment masks."""
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

D = 8


class AttentionConfig:
    batch_axis = "data"
    seq_axis = "model"
    seq_len = 16
    rows = 4
    gather_mode = "reduced"      # keys are only read in the forward pass


def pack_two(record, seq_len):
    a, b = record["first"], record["second"]
    ids = np.zeros((seq_len,), np.int32)
    seg = np.zeros((seq_len,), np.int32)
    na = min(len(a), seq_len)
    nb = min(len(b), seq_len - na)
    ids[:na], seg[:na] = a[:na], 1
    ids[na:na + nb], seg[na:na + nb] = b[:nb], 2
    return {"ids": ids, "segments": seg}


class SequenceParallelAttention:
    def __init__(self, cfg):
        self.cfg = cfg

    def gather_seq(self, x):
        return jax.lax.all_gather(x, self.cfg.seq_axis, axis=1, tiled=True, to=self.cfg.gather_mode)

    def __call__(self, q, k, v, seg):
        seg_all = self.gather_seq(seg)
        k_all = self.gather_seq(k)
        v_all = self.gather_seq(v)
        allowed = (seg[:, :, None] == seg_all[:, None, :]) & (seg_all[:, None, :] > 0)
        scores = jnp.einsum("bqd,bkd->bqk", q, k_all) / np.sqrt(D)
        scores = jnp.where(allowed, scores, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(scores, axis=-1), v_all)


def make_forward(mesh, cfg):
    attn = SequenceParallelAttention(cfg)
    spec = P(cfg.batch_axis, cfg.seq_axis)
    hspec = P(cfg.batch_axis, cfg.seq_axis, None)
    return jax.jit(jax.shard_map(attn, mesh=mesh, in_specs=(hspec, hspec, hspec, spec), out_specs=hspec))


def inputs():
    return (AttentionConfig(),)


def main(cfg):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.seq_axis))
    rng = np.random.default_rng(8)
    with tempfile.TemporaryDirectory() as tmp:
        pairs = [{"first": rng.integers(1, 50, size=int(rng.integers(2, 10))),
                  "second": rng.integers(1, 50, size=int(rng.integers(2, 10)))} for _ in range(8)]
        path = write_records(tmp, "pairs", pairs)
        ds = (Dataset.from_source(RecordSource([path]))
              .map(lambda r: pack_two(r, cfg.seq_len))
              .shuffle(seed=1)
              .batch(cfg.rows, drop_remainder=True))
        batch = next(iter(ds))
    table = rng.standard_normal((50, D)).astype(np.float32)
    h = table[batch["ids"]]
    with jax.set_mesh(mesh):
        hs = NamedSharding(mesh, P(cfg.batch_axis, cfg.seq_axis, None))
        ss = NamedSharding(mesh, P(cfg.batch_axis, cfg.seq_axis))
        q = jax.device_put(h, hs)
        seg = jax.device_put(batch["segments"], ss)
        out = make_forward(mesh, cfg)(q, q, q, seg)
    print("attention out", out.shape, float(jnp.abs(out).mean()))


if __name__ == "__main__":
    main(*inputs())
