import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"))


def describe(name, x):
    axes = sorted(jax.typeof(x).vma)
    print(f"{name}: varies over {axes}")


def body(a, b):
    describe("a", a)
    s = jax.lax.psum(a, "j")
    describe("s", s)
    out = s * b
    describe("out", out)
    return out


def main():
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i")), out_specs=P("i", "j"))
    a = jax.device_put(np.ones((4, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    b = jax.device_put(np.arange(4, dtype=np.float32)[:, None], NamedSharding(mesh, P("i")))
    print(np.asarray(f(a, b)).sum())


if __name__ == "__main__":
    main()
