import jax
import jax.numpy as jnp
import numpy as np

devices = jax.devices()


def adam_init(params):
    zeros = jax.tree.map(np.zeros_like, params)
    return {"m": zeros, "v": zeros, "count": np.zeros((), np.int32)}


@jax.jit
def momentum(state, grads):
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: 0.99 * v + 0.01 * g * g, state["v"], grads)
    return {"m": m, "v": v, "count": state["count"] + 1}


def main():
    params = {"dense": np.ones((3, 2), np.float32), "bias": np.arange(2, dtype=np.float32)}
    state = jax.device_put_replicated(adam_init(params), devices)
    grads = jax.device_put_replicated(jax.tree.map(lambda p: p * 0.5, params), devices)
    for _ in range(3):
        state = momentum(state, grads)
    print(state["count"].tolist())
    print(np.round(np.asarray(state["m"]["bias"][0]), 5).tolist())
    print(np.round(float(state["v"]["dense"].sum()), 5))


if __name__ == "__main__":
    main()
