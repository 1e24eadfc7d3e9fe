"""launchers/vision/eval_loop.py: distributed top-1 accuracy for the ViT evaluation job.

Correct counts are summed over the class shards, then averaged over every mesh axis for
the single number process 0 logs (the pods' metrics collector expects one scalar).
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config(dict):
    __getattr__ = dict.__getitem__


def load_config(overrides):
    cfg = Config(classes=8, batch=16, dim=8, axes=("replica", "classes"), log_every=1)
    cfg.update({k: v for k, v in overrides.items() if k in cfg})
    return cfg


def topology(cfg):
    n = jax.device_count()
    class_shards = int(os.environ.get("CLASS_SHARDS", "2"))
    return (n // class_shards, class_shards)


def accuracy_body(feats, w, onehot, *, cfg):
    logits = feats @ w
    local_best = jnp.max(logits, axis=-1)
    best = jax.lax.pmax(local_best, cfg.axes[1])
    hit = jnp.sum(jnp.where(logits >= best[:, None], onehot, 0.0))
    correct = jax.lax.psum(hit, cfg.axes[1])
    return jax.lax.pmean(correct, cfg.axes) / feats.shape[0]


def evaluate(mesh, cfg, feats, w, onehot):
    body = lambda f, w, o: accuracy_body(f, w, o, cfg=cfg)
    fn = jax.jit(jax.shard_map(body, mesh=mesh,
                               in_specs=(P(cfg.axes[0], None), P(None, cfg.axes[1]),
                                         P(cfg.axes[0], cfg.axes[1])),
                               out_specs=P()))
    return fn(feats, w, onehot)


def main(overrides):
    cfg = load_config(overrides)
    mesh = jax.make_mesh(topology(cfg), cfg.axes)
    rng = np.random.default_rng(2)
    labels = rng.integers(0, cfg.classes, cfg.batch)
    onehot = np.eye(cfg.classes, dtype=np.float32)[labels]
    put = lambda a, s: jax.make_array_from_process_local_data(NamedSharding(mesh, s), a)
    feats = put(rng.random((cfg.batch, cfg.dim), dtype=np.float32), P(cfg.axes[0], None))
    w = jax.device_put(rng.random((cfg.dim, cfg.classes), dtype=np.float32),
                       NamedSharding(mesh, P(None, cfg.axes[1])))
    onehot = put(onehot, P(cfg.axes[0], cfg.axes[1]))
    start = time.time()
    with jax.set_mesh(mesh):
        acc = evaluate(mesh, cfg, feats, w, onehot)
    if jax.process_index() == 0:
        print(f"top1={float(acc):.3f} ({time.time() - start:.2f}s)")
    return acc


def format_report(acc, cfg, elapsed):
    lines = [f"eval batch {cfg.batch} over {jax.process_count()} host(s)"]
    lines.append(f"  top1      {float(acc):.4f}")
    lines.append(f"  classes   {cfg.classes}")
    lines.append(f"  elapsed   {elapsed:.2f}s")
    return "\n".join(lines)


def inputs():
    return ({"batch": int(os.environ.get("EVAL_BATCH", "16"))},)


if __name__ == "__main__":
    main(*inputs())
