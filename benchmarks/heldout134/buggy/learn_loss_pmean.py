"""lingvo_lite/learners/train_step.py

Train step for a two-layer tensor-parallel MLP regressor, built from the registered experiment.
The loss and the gradients are averaged over all mesh axes with one `jax.tree.map` before the
optimizer applies them (the learner template's `reduce_axes` defaults to the experiment's mesh).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class MLP(BaseLayer):
  HPARAMS = dict(input_dims=0, hidden_dims=0)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return {'wi': jax.random.normal(k1, (self.input_dims, self.hidden_dims)) * 0.3,
            'wo': jax.random.normal(k2, (self.hidden_dims, 1)) * 0.3}

  def loss_and_grads(self, params, x, y):
    model_axis = self.weight_split_dims_mapping.wi[1]
    h = jnp.tanh(x @ params['wi'])
    pred = jax.lax.psum(h @ params['wo'], model_axis)
    err = pred - y
    loss = jnp.mean(err * err)
    d_pred = 2 * err / err.shape[0]
    g_wo = h.T @ d_pred
    g_wi = x.T @ ((d_pred @ params['wo'].T) * (1 - h * h))
    return loss, {'wi': g_wi, 'wo': g_wo}


class Learner(BaseLayer):
  HPARAMS = dict(learning_rate=0.1, reduce_axes=None)

  def apply(self, params, loss, grads):
    loss, grads = jax.tree.map(lambda t: jax.lax.pmean(t, self.reduce_axes), (loss, grads))
    new = jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)
    return new, loss


def build_train_step(exp, mesh):
  model = instantiate(exp.model())
  learner = instantiate(exp.learner())
  wt = model.weight_split_dims_mapping
  pspec = {'wi': split_spec(wt.wi), 'wo': split_spec(wt.wo)}

  def step(params, x, y):
    loss, grads = model.loss_and_grads(params, x, y)
    return learner.apply(params, loss, grads)

  return model, jax.shard_map(step, mesh=mesh, in_specs=(pspec, P('data', None), P('data', None)),
                              out_specs=(pspec, P()))


@experiment_registry.register
class MLPTrain4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def model(self):
    return Config(MLP, input_dims=4, hidden_dims=8,
                  weight_split_dims_mapping=SplitDims(wi=(None, 'mdl'), wo=('mdl', None)))

  def learner(self):
    return Config(Learner, learning_rate=0.05, reduce_axes=self.mesh_axis_names)


def inputs():
  rng = np.random.default_rng(54)
  x = rng.standard_normal((16, 4)).astype(np.float32)
  return 'MLPTrain4x2', x, np.sin(x[:, :1]).astype(np.float32)


def main(exp_name, x, y):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  model, step = build_train_step(exp, mesh)
  wt = model.weight_split_dims_mapping
  raw = model.init(jax.random.PRNGKey(0))
  params = {k: place(mesh, v, getattr(wt, k)) for k, v in raw.items()}
  x, y = place(mesh, x, ('data', None)), place(mesh, y, ('data', None))
  with jax.set_mesh(mesh):
    for _ in range(3):
      params, loss = step(params, x, y)
  print(float(loss))


if __name__ == '__main__':
  main(*inputs())
