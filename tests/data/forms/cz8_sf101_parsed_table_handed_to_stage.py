"""A config parsed from text by a module function (run ahead of time on the text) is handed to a
stage, which reads a nested entry of it: the table is the parse's own, no code changes it, so the
entry is the text's. The gather runs over "j", on which the value was just summed."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONFIG = """stats_axis=j
scale=2"""


def parse(text):
    table = {}
    for line in text.splitlines():
        key, _, value = line.partition("=")
        table[key] = {"value": value}
    return table


def collect(x, conf, mesh):
    axis = conf["stats_axis"]["value"]

    def body(block):
        total = jax.lax.psum(block, axis)
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)


def main(mesh, x):
    conf = parse(CONFIG)
    return collect(x, conf, mesh)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
