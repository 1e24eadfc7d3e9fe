"""Code usage statistics of product quantizers, quantizer kinds registered by subclassing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Quantizer:
    registry = {}
    kind = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.kind:
            Quantizer.registry[cls.kind] = cls

    def __init__(self, n_codes, db_axis="shard", sub_axis="sub"):
        self.n_codes = n_codes
        self.db_axis = db_axis
        self.sub_axis = sub_axis


class ProductQuantizer(Quantizer):
    kind = "pq"

    def usage(self, codes):
        onehot = jax.nn.one_hot(codes, self.n_codes)
        counts = jax.lax.psum(onehot.sum(axis=0), self.db_axis)
        return jax.lax.all_gather(counts, self.db_axis, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(34)
    return (rng.integers(0, 16, size=(32, 8)).astype(np.int32),)


def main(codes, kind="pq"):
    mesh = jax.make_mesh((2, 4), ("shard", "sub"))
    codes = jax.device_put(codes, NamedSharding(mesh, P("shard", "sub")))
    q = Quantizer.registry[kind](n_codes=16)
    return jax.shard_map(q.usage, mesh=mesh, in_specs=P("shard", "sub"),
                         out_specs=P(None, "sub", None, reduced={"shard"}))(codes)


if __name__ == "__main__":
    print(main(*inputs()).shape)
