"""Fused RNN-T joint + loss: the logits gradient is scattered back to the vocabulary shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "joint": {"fuse_loss_wer": True, "fused_batch_size": 4, "vocab_axis": "vocab"},
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


def full_logits(logits, axis):
    return jax.lax.all_gather(logits, axis, axis=1, tiled=True, to="reduced")


def scatter_grad(g, axis):
    return jax.lax.psum_scatter(g, axis, scatter_dimension=1, tiled=True)


def make_fused_step(joint_cfg):
    axis = joint_cfg.vocab_axis

    def step(logits):
        full = full_logits(logits, axis)
        grad = jnp.exp(full) - full
        return scatter_grad(grad, axis)

    return step


def inputs():
    rng = np.random.default_rng(42)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    cfg = merge_overrides(MODEL_CFG, [])
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "vocab")))
    step = make_fused_step(cfg.joint)
    return jax.shard_map(step, mesh=mesh, in_specs=P("data", "vocab"), out_specs=P("data", "vocab"))(logits)


if __name__ == "__main__":
    print(main(*inputs()))
