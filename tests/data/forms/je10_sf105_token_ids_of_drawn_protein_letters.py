"""Random protein sequences drawn letter by letter (`rng.choice` of a list of letters), joined and
turned into token ids by `AMINO.index`: which letters are drawn is not known, but the ids are ints
and the token array is 8 x 16 int32, so the command reaches the shard_map, where the pmean over
the configured axes ("i", "j") of a value varying on "i" and invariant on "j" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AMINO = "ACDEFGHIKLMNPQRSTVWY"


class Context:
    def __init__(self):
        self.obj = None


def setup(ctx, mesh_shape="2x4", axes="i,j"):
    dims = tuple(int(n) for n in mesh_shape.split("x"))
    names = tuple(axes.split(","))
    ctx.obj = {"mesh": jax.make_mesh(dims, names), "axes": names, "data": names[0]}


def random_proteins(n, length, seed):
    rng = np.random.default_rng(seed)
    seqs = ["".join(rng.choice(list(AMINO), size=length)) for _ in range(n)]
    return np.array([[AMINO.index(a) + 1 for a in s] for s in seqs], dtype=np.int32)


def embed(ctx):
    obj = ctx.obj
    tokens = jax.device_put(random_proteins(8, 16, 0), NamedSharding(obj["mesh"], P(obj["data"], None)))
    table = jax.device_put(jnp.ones((len(AMINO) + 1, 4)), NamedSharding(obj["mesh"], P()))

    def body(tokens, table):
        x = table[tokens].sum(axis=1)
        return jax.lax.pmean(x, obj["axes"])  # SF105

    return jax.shard_map(body, mesh=obj["mesh"], in_specs=(P(obj["data"], None), P()), out_specs=P())(tokens, table)


def main():
    ctx = Context()
    setup(ctx)
    return embed(ctx)


if __name__ == "__main__":
    main()
