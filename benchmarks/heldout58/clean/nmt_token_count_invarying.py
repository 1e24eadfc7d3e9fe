"""Per-token loss normalisation of a fairseq-style translation task."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TASK_REGISTRY = {}


def register_task(name):
    def wrap(cls):
        TASK_REGISTRY[name] = cls
        return cls
    return wrap


@dataclass(frozen=True)
class TranslationConfig:
    source_lang: str = "de"
    target_lang: str = "en"
    pad_idx: int = 1
    data_axis: str = "data"
    model_axis: str = "model"


@register_task("translation")
class TranslationTask:
    def __init__(self, cfg: TranslationConfig):
        self.cfg = cfg

    def _gather_sizes(self, ntokens):
        return jax.lax.all_gather(ntokens, self.cfg.data_axis, axis=0, tiled=True, to="invarying")

    def reduce_metrics(self, target, token_loss):
        not_pad = (target != self.cfg.pad_idx).astype(jnp.float32)
        summed = jnp.sum(token_loss * not_pad, axis=0, keepdims=True)
        ntokens = jax.lax.psum(jnp.sum(not_pad, axis=0, keepdims=True), self.cfg.data_axis)
        sample_size = self._gather_sizes(ntokens)
        return summed, sample_size


def inputs():
    rng = np.random.default_rng(0)
    target = rng.integers(0, 32, size=(8, 16)).astype(np.int32)
    token_loss = rng.random((8, 16), dtype=np.float32)
    return target, token_loss


def main(target, token_loss):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    task = TASK_REGISTRY["translation"](TranslationConfig())
    spec = P(task.cfg.data_axis, task.cfg.model_axis)
    target = jax.device_put(target, NamedSharding(mesh, spec))
    token_loss = jax.device_put(token_loss, NamedSharding(mesh, spec))
    step = jax.shard_map(
        task.reduce_metrics,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=(spec, P(None, task.cfg.model_axis)),
    )
    return step(target, token_loss)


if __name__ == "__main__":
    main(*inputs())
