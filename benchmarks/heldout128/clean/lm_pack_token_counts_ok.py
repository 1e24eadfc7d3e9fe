"""lm/pipeline/packing_stats.py -- packed LM batches and the per-step token accounting."""
import dataclasses
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


@dataclasses.dataclass(frozen=True)
class PackingConfig:
    seq_len: int = 16
    global_batch: int = 8
    pad_id: int = 0
    batch_axis: str = "data"
    model_axis: str = "model"
    stats_axis: str = "data"          # where the token-count log is collected
    seed: int = 17


class PackSequences(MapTransform):
    """Greedy first-fit packing of one document into a fixed-length row with segment ids."""

    def __init__(self, seq_len, pad_id):
        self.seq_len, self.pad_id = seq_len, pad_id

    def map(self, record):
        toks = record["tokens"][: self.seq_len]
        n = toks.shape[0]
        ids = np.full((self.seq_len,), self.pad_id, np.int32)
        seg = np.zeros((self.seq_len,), np.int32)
        ids[:n] = toks
        seg[:n] = 1 + (np.arange(n) >= n // 2)
        return {"inputs": ids, "segments": seg}


def make_documents(directory, count, seed):
    rng = np.random.default_rng(seed)
    recs = [{"tokens": rng.integers(1, 500, size=int(rng.integers(4, 20)))} for _ in range(count)]
    half = count // 2
    return [write_records(directory, "shard-0", recs[:half]), write_records(directory, "shard-1", recs[half:])]


def build_loader(paths, cfg, shard):
    ds = (Dataset.from_source(RecordSource(paths, shard))
          .map(PackSequences(cfg.seq_len, cfg.pad_id))
          .filter(lambda r: int((r["segments"] > 0).sum()) >= 4)
          .shuffle(seed=cfg.seed)
          .batch(cfg.global_batch, drop_remainder=True)
          .prefetch(2))
    return DataLoader(ds, worker_count=2)


def to_global(batch, mesh, cfg):
    sharding = NamedSharding(mesh, P(cfg.batch_axis, None))
    out = {}
    for key, host in batch.items():
        out[key] = jax.make_array_from_callback(host.shape, sharding, lambda idx, h=host: h[idx])
    return out


class TokenAccounting:
    def __init__(self, cfg):
        self.cfg = cfg

    def count(self, segments):
        real = jnp.sum((segments > 0).astype(jnp.float32))
        return jax.lax.psum(real, self.cfg.batch_axis)

    def log_row(self, total):
        # the count is already the same on every replica: gather the copies as invariant
        return jax.lax.all_gather(total, self.cfg.stats_axis, to="invarying")


def make_step(mesh, cfg):
    acct = TokenAccounting(cfg)

    def step(inputs, segments):
        emb = jnp.sin(inputs.astype(jnp.float32) * 0.01)
        loss = jnp.sum(emb * (segments > 0)) / jnp.maximum(jnp.sum(segments > 0), 1)
        total = acct.count(segments)
        logged = acct.log_row(total)
        return jax.lax.pmean(loss, cfg.batch_axis), logged

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(cfg.batch_axis, None), P(cfg.batch_axis, None)),
                                 out_specs=(P(), P())))


def inputs():
    return (PackingConfig(),)


def main(cfg):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.model_axis))
    with tempfile.TemporaryDirectory() as tmp, jax.set_mesh(mesh):
        paths = make_documents(tmp, 40, cfg.seed)
        loader = build_loader(paths, cfg, ShardOptions(0, 1))
        step = make_step(mesh, cfg)
        seen = 0
        for batch in loader:
            g = to_global(batch, mesh, cfg)
            loss, logged = step(g["inputs"], g["segments"])
            seen += 1
            if seen == 2:
                break
        print("steps", seen, "loss", float(loss), "tokens", np.asarray(logged).tolist())


if __name__ == "__main__":
    main(*inputs())
