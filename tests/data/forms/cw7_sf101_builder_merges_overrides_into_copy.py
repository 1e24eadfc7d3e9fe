"""A config builder copies a base table and merges overrides into the copy (`config = dict(BASE);
config.update(overrides); return config`). The change is made before anything else holds the copy
and leaves BASE's items as they are, so the config `inputs()` returns is the merged table: the
psum result is gathered to 'reduced' over the axis it is invariant on."""
import jax
from jax.sharding import PartitionSpec as P

BASE = {"axes": {"sum": "i", "gather": "j"}, "scale": 1.0}


def get_config(**overrides):
    config = dict(BASE)
    config.update(overrides)
    return config


def step(config, block):
    total = jax.lax.psum(block, config["axes"]["sum"])
    return jax.lax.all_gather(total, config["axes"]["gather"], tiled=True, to="reduced")  # SF101


def inputs(mesh, x):
    return get_config(axes={"sum": "i", "gather": "i"}), mesh, x


def main(config, mesh, x):
    fn = jax.shard_map(lambda b: step(config, b), mesh=mesh, in_specs=P("i", "j"),
                       out_specs=P(None, "j", reduced={"i"}))
    return fn(x)


def run(mesh, x):
    return main(*inputs(mesh, x))
