"""The same parsed config, but an entry of it is changed before the stage reads it: the gather
runs over "i", on which the sum over "j" still varies. Correct code: a table changed after the
parse is not the text's."""
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
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


def main(mesh, x):
    conf = parse(CONFIG)
    entry = conf["stats_axis"]
    entry["value"] = "i"
    return collect(x, conf, mesh)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
