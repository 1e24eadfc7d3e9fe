# A dict batch and a static integer that selects how many layers run.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def inputs():
    w = np.linspace(0.5, 1.5, 4, dtype=np.float32)
    x = np.arange(8 * 4, dtype=np.float32).reshape(8, 4) / 10
    y = np.ones((8, 4), dtype=np.float32)
    return w, x, y


@partial(jax.pmap, axis_name='d', in_axes=(None, {'x': 0, 'y': 0}, None), static_broadcasted_argnums=(2,))
def forward(w, batch, depth):
    h = batch['x']
    for _ in range(depth):
        h = jnp.tanh(h * w)
    return jax.lax.pmean(jnp.sum((h - batch['y']) ** 2), 'd')


def main(w, x, y):
    return forward(w, {'x': x, 'y': y}, 3), forward(w, {'x': x, 'y': y}, 1)
