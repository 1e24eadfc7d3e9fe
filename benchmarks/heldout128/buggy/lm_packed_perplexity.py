"""lm/eval/packed_perplexity.py -- perplexity of packed sequences under a tensor-parallel head."""
import json
import os
import queue
import tempfile
import threading
from functools import partial

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

HIDDEN = 16
VOCAB = 32


def pipeline_config(mesh):
    names = tuple(mesh.axis_names)
    return {
        "batch_size": 4,
        "seq_len": 6,
        "in_specs": {"x": P(names[0], None, None), "head": P(None, names[1]), "targets": P(names[0], None)},
        "vocab_axis": names[1],
        "metric_axes": names,
    }


class WindowTargets(MapTransform):
    def __init__(self, seq_len):
        self.seq_len = seq_len

    def map(self, record):
        t = np.resize(record["tokens"], self.seq_len + 1).astype(np.int32)
        return {"inputs": t[:-1], "targets": t[1:]}


def host_batches(tmp, cfg, seed):
    rng = np.random.default_rng(seed)
    recs = [{"tokens": rng.integers(0, VOCAB, size=int(rng.integers(2, 9)))} for _ in range(16)]
    path = write_records(tmp, "eval", recs)
    ds = (Dataset.from_source(RecordSource([path], ShardOptions(jax.process_index(), jax.process_count())))
          .map(WindowTargets(cfg["seq_len"]))
          .batch(cfg["batch_size"], drop_remainder=True)
          .prefetch(1))
    return list(DataLoader(ds, worker_count=2))


def sharded_nll(x, head, targets, *, vocab_axis):
    logits = jnp.einsum("bsh,hv->bsv", x, head)
    lse = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), vocab_axis))
    local_v = head.shape[1]
    offset = jax.lax.axis_index(vocab_axis) * local_v
    picked = jnp.sum(jax.nn.one_hot(targets - offset, local_v) * logits, axis=-1)
    picked = jax.lax.psum(picked, vocab_axis)
    return jnp.mean(lse - picked)


def build_eval(mesh, cfg):
    specs = cfg["in_specs"]

    def body(x, head, targets):
        nll = sharded_nll(x, head, targets, vocab_axis=cfg["vocab_axis"])
        return jax.lax.pmean(nll, cfg["metric_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=(specs["x"], specs["head"], specs["targets"]),
                         out_specs=P())


def inputs():
    return (("data", "model"), 0)


def main(axis_names, seed):
    mesh = jax.make_mesh((2, 4), axis_names)
    cfg = pipeline_config(mesh)
    rng = np.random.default_rng(seed)
    emb = rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32) * 0.2
    head = rng.standard_normal((HIDDEN, VOCAB)).astype(np.float32) * 0.2
    with tempfile.TemporaryDirectory() as tmp:
        batches = host_batches(tmp, cfg, seed)
    put = lambda a, k: jax.device_put(a, NamedSharding(mesh, cfg["in_specs"][k]))
    with jax.set_mesh(mesh):
        evaluate = jax.jit(build_eval(mesh, cfg))
        w = put(head, "head")
        total = []
        for b in batches:
            total.append(float(evaluate(put(emb[b["inputs"]], "x"), w, put(b["targets"], "targets"))))
    print("ppl", round(float(np.exp(np.mean(total))), 3), "over", len(total), "batches")


if __name__ == "__main__":
    main(*inputs())
