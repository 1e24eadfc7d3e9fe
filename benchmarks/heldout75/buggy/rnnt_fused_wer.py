"""Fused WER in the RNN-T training step: error and word counts are reduced together."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "wer": {"reduce_axes": ["data", "vocab"], "use_cer": False},
    "mesh": {"axes": ["data", "vocab"], "shape": [4, 2]},
}

class DictConfig(dict):
    """Attribute access over nested dicts, the way the recipes read their configs."""

    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc
        return DictConfig(value) if isinstance(value, dict) else value


def merge_overrides(cfg, overrides):
    for item in overrides:
        dotted, _, raw = item.partition("=")
        *path, leaf = dotted.split(".")
        node = cfg
        for key in path:
            node = node[key]
        node[leaf] = raw.split(",") if "," in raw else raw
    return DictConfig(cfg)


class FusedWER:
    def __init__(self, wer_cfg, vocab_axis="vocab"):
        self.reduce_axes = tuple(wer_cfg.reduce_axes)
        self.vocab_axis = vocab_axis

    def errors(self, hyp, ref):
        return jax.lax.psum((hyp != ref).astype(jnp.float32).sum(axis=-1), self.vocab_axis)

    def __call__(self, hyp, ref):
        counts = {"errors": self.errors(hyp, ref).sum(), "words": (ref >= 0).astype(jnp.float32).sum()}
        totals = jax.lax.psum(counts, self.reduce_axes)
        return totals["errors"] / totals["words"]


def inputs():
    rng = np.random.default_rng(44)
    return (rng.integers(0, 3, (8, 16)).astype(np.int32), rng.integers(0, 3, (8, 16)).astype(np.int32))


def main(hyp, ref):
    cfg = merge_overrides(MODEL_CFG, [])
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    sharding = NamedSharding(mesh, P("data", "vocab"))
    hyp, ref = jax.device_put(hyp, sharding), jax.device_put(ref, sharding)
    wer = FusedWER(cfg.wer)
    return jax.shard_map(wer, mesh=mesh, in_specs=(P("data", "vocab"), P("data", "vocab")), out_specs=P())(hyp, ref)


if __name__ == "__main__":
    print(main(*inputs()))
