import jax
from jax.sharding import PartitionSpec as P


class Base:
    class Ops:
        @staticmethod
        def sync(x):
            return jax.lax.psum(jax.lax.psum(x, "j"), ("i", "j"))  # none: a subclass of Base holds another Ops

    def build(self, mesh):
        return jax.shard_map(self.Ops.sync, mesh=mesh, in_specs=P("i", "j"), out_specs=P())


class Safe(Base):
    class Ops:
        @staticmethod
        def sync(x):
            return jax.lax.psum(x, ("i", "j"))


def run(mesh, x):
    return Safe().build(mesh)(x)
