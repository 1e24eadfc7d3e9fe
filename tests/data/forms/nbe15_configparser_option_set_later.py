import configparser

import jax
from jax.sharding import PartitionSpec as P

PARSER = configparser.ConfigParser()
PARSER.read_string("[mesh]\nrows = i\ncols = j\naxes = i,j\n")


def main(mesh, x):
    PARSER.set("mesh", "axes", "j")
    sec = PARSER["mesh"]

    def body(v):
        s = jax.lax.psum(v, sec["cols"])
        return jax.lax.pmean(s, tuple(sec["axes"].split(",")))

    return jax.shard_map(body, mesh=mesh, in_specs=P(sec["rows"], sec["cols"]), out_specs=P("i"))(x)
