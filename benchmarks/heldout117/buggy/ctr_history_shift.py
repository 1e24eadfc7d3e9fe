"""CTR model: user behaviour sequence, previous-item features by a ring shift.

Sequence positions are split over "tp"; the op chain comes from the model card.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CARD = {
    "mesh": "2x4:dp,tp",
    "history": "dp,tp,-",
    "chain": "embed|gather:tp|shift:tp|pool",
}


def parse_mesh(text):
    m = re.fullmatch(r"(?P<a>\d+)x(?P<b>\d+):(?P<x>\w+),(?P<y>\w+)", text)
    return jax.make_mesh((int(m["a"]), int(m["b"])), (m["x"], m["y"]))


def spec(text):
    return P(*[None if t == "-" else t for t in text.split(",")])


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def build_chain(text, mesh):
    fns = []
    for part in text.split("|"):
        op, _, axis = part.partition(":")
        if op == "embed":
            fns.append(lambda h: jnp.tanh(h))
        elif op == "gather":
            fns.append(lambda h, a=axis: jax.lax.all_gather(h, a, axis=1, tiled=True, to="reduced"))
        elif op == "shift":
            n = mesh.shape[axis]
            fns.append(lambda h, a=axis, n=n: jax.lax.ppermute(h, a, ring(n)))
        elif op == "pool":
            fns.append(lambda h: jax.lax.pmean(h.mean(axis=1), "tp"))
    return fns


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(4, 16, 8)).astype(np.float32),)


def main(hist):
    mesh = parse_mesh(MODEL_CARD["mesh"])
    hspec = spec(MODEL_CARD["history"])
    hist = jax.device_put(hist, NamedSharding(mesh, hspec))
    chain = build_chain(MODEL_CARD["chain"], mesh)

    def body(h):
        for fn in chain:
            h = fn(h)
        return h

    out = jax.shard_map(body, mesh=mesh, in_specs=hspec, out_specs=P("dp", None))(hist)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
