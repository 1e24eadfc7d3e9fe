import configparser

import jax
from jax.sharding import PartitionSpec as P


def load():
    parser = configparser.ConfigParser()
    parser.read_string("[mesh]\nrows = i\ncols = j\naxes = i,j\n")
    section = parser["mesh"]
    section["axes"] = section["cols"]
    return parser["mesh"]


def main(mesh, x):
    sec = load()

    def body(v):
        s = jax.lax.psum(v, sec["cols"])
        return jax.lax.pmean(s, tuple(sec["axes"].split(",")))

    return jax.shard_map(body, mesh=mesh, in_specs=P(sec["rows"], sec["cols"]), out_specs=P("i"))(x)
