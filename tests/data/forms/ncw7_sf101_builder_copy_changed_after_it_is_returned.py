"""The same builder, but the caller changes the returned config at its top level
(`config["axes"] = ...`): that change is made after the table left its builder, so the axes are
not the merged ones; the gather runs over 'j', where the psum result still varies."""
import jax
from jax.sharding import PartitionSpec as P

BASE = {"axes": {"sum": "i", "gather": "j"}, "scale": 1.0}


def get_config(**overrides):
    config = dict(BASE)
    config.update(overrides)
    return config


def step(config, block):
    total = jax.lax.psum(block, config["axes"]["sum"])
    return jax.lax.all_gather(total, config["axes"]["gather"], tiled=True, to="reduced")


def inputs(mesh, x):
    return get_config(axes={"sum": "i", "gather": "i"}), mesh, x


def main(config, mesh, x):
    config["axes"] = {"sum": "i", "gather": "j"}
    fn = jax.shard_map(lambda b: step(config, b), mesh=mesh, in_specs=P("i", "j"),
                       out_specs=P(reduced={"j"}))
    return fn(x)


def run(mesh, x):
    return main(*inputs(mesh, x))
