import configparser

import jax
from jax.sharding import PartitionSpec as P

_INI = """
[mesh]
rows = i
cols = j
"""
PARSER = configparser.ConfigParser()
PARSER.read_string(_INI)
MESH = PARSER["mesh"]


def main(mesh, x):
    def body(v):
        s = jax.lax.psum(v, MESH["cols"])
        return jax.lax.pmean(s, (MESH["rows"], MESH["cols"]))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(MESH["rows"], MESH["cols"]), out_specs=P())(x)
