"""RNN-T joint network: the blank emission rate is tracked per vocabulary shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "joint": {"num_classes": 16, "jointnet": {"joint_hidden": 16, "activation": "relu"}},
    "log": {"rate_axis": "vocab"},
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


class RNNTJoint:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axes = tuple(cfg.mesh.axes)

    def joint(self, enc, pred):
        return jax.nn.relu(enc + pred)

    def blank_rate(self, logits):
        hits = jax.lax.psum((logits > 0).astype(jnp.float32).sum(), self.axes)
        return jax.lax.all_gather(hits[None], self.cfg.log.rate_axis, tiled=True, to="reduced")

    def __call__(self, enc, pred):
        logits = self.joint(enc, pred)
        return logits, self.blank_rate(logits)


def inputs():
    rng = np.random.default_rng(40)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)


def main(enc, pred):
    cfg = merge_overrides(MODEL_CFG, [])
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    data, vocab = mesh.axis_names
    sharding = NamedSharding(mesh, P(data, vocab))
    enc, pred = jax.device_put(enc, sharding), jax.device_put(pred, sharding)
    joint = RNNTJoint(cfg)
    return jax.shard_map(joint, mesh=mesh, in_specs=(P(data, vocab), P(data, vocab)),
                         out_specs=(P(data, vocab), P(reduced={vocab})))(enc, pred)


if __name__ == "__main__":
    print(main(*inputs()))
