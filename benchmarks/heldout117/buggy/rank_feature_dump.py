"""Learning to rank: dump the candidate feature matrix for offline analysis.

The dump's gather axes are a template filled from the mesh section.
"""
import configparser
from string import Template

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
shape = 2,4
query_axis = queries
doc_axis = docs

[dump]
first = ${doc}
then = ${query}+${doc}
"""


def axes(text):
    parts = tuple(p for p in text.split("+") if p)
    return parts if len(parts) > 1 else parts[0]


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(feats):
    cp = configparser.ConfigParser(interpolation=None)
    cp.read_string(INI)
    m = cp["mesh"]
    names = (m["query_axis"], m["doc_axis"])
    mesh = jax.make_mesh(tuple(int(s) for s in m["shape"].split(",")), names)
    subst = {"query": names[0], "doc": names[1]}
    first = axes(Template(cp["dump"]["first"]).substitute(subst))
    then = axes(Template(cp["dump"]["then"]).substitute(subst))
    spec = P(*names)
    feats = jax.device_put(feats, NamedSharding(mesh, spec))

    def dump_body(x):
        per_query = jax.lax.all_gather(x, first, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_query, then, axis=0, tiled=True, to="reduced")

    out = jax.shard_map(dump_body, mesh=mesh, in_specs=spec,
                        out_specs=P(None, None, reduced=set(names)))(feats)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
