"""The same recipe, but the merger is handed an override that sets the gather axis to "i":
the psum over "j" alone leaves the value varying on "i", and the gather is valid. Correct code:
a merger that runs changes the config, so its text is not what the body reads."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MODEL_CFG = {"log": {"rate_axis": "j"}, "mesh": {"axes": ["i", "j"]}}


class DictConfig(dict):
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
        node[leaf] = raw
    return DictConfig(cfg)


class RateTracker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axes = tuple(cfg.mesh.axes)

    def __call__(self, block):
        hits = jax.lax.psum(block.sum(), "j")
        return jax.lax.all_gather(hits[None], self.cfg.log.rate_axis, tiled=True, to="reduced")


def main(mesh, x):
    cfg = merge_overrides(MODEL_CFG, ["log.rate_axis=i"])
    tracker = RateTracker(cfg)
    return jax.shard_map(tracker, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
