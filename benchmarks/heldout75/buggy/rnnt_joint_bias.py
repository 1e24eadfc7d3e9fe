"""RNN-T joint network: encoder frames are gathered over time before the joint projection."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "joint": {"jointnet": {"joint_hidden": 16, "activation": "tanh"}, "time_axis": "data"},
    "mesh": {"axes": ["data", "vocab"], "shape": [4, 2]},
}

ACTIVATIONS = {"tanh": jnp.tanh, "relu": jax.nn.relu}

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


class JointNet:
    def __init__(self, joint_cfg, hidden_bias):
        self.time_axis = joint_cfg.time_axis
        self.activation = ACTIVATIONS[joint_cfg.jointnet.activation]
        self.hidden_bias = hidden_bias

    def frames(self, enc):
        return jax.lax.all_gather(enc, self.time_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, enc):
        enc_full = self.frames(enc)
        return self.activation(enc_full + self.hidden_bias)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(enc):
    cfg = merge_overrides(MODEL_CFG, [])
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    enc = jax.device_put(enc, NamedSharding(mesh, P("data", "vocab")))
    joint = JointNet(cfg.joint, hidden_bias=jnp.full((1, 8), 0.1, jnp.float32))
    return jax.shard_map(joint, mesh=mesh, in_specs=P("data", "vocab"),
                         out_specs=P(None, "vocab", reduced={"data"}))(enc)


if __name__ == "__main__":
    print(main(*inputs()))
