"""lingvo_lite/learners/grad_noise_scale.py

Gradient-noise-scale diagnostics (McCandlish et al.) in a data-parallel, tensor-parallel train
step. The per-shard gradients of the column-split weight are gathered over the model axis into
full rows, then collected from every data shard over the diagnostic axes of the learner.
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


class NoiseScaleProbe(BaseLayer):
  HPARAMS = dict(model_axis=None, probe_axes=())

  def fprop(self, shard_grad):
    full = jax.lax.all_gather(shard_grad, self.model_axis, axis=1, tiled=True, to='reduced')
    return jax.lax.all_gather(full[None], self.probe_axes, axis=0, tiled=True, to='reduced')


class Learner(BaseLayer):
  HPARAMS = dict(learning_rate=0.1, data_axis=None, probe_tpl=None)

  def setup(self):
    self.create_child('probe', self.probe_tpl)

  def step(self, w, x, y):
    pred = x @ w
    err = pred - y
    shard_grad = x.T @ err / x.shape[0]
    g = jax.lax.pmean(shard_grad, self.data_axis)
    return w - self.learning_rate * g, self.probe(shard_grad)


def make_step(exp, mesh):
  learner = instantiate(exp.learner_tpl())
  w_spec = P(None, learner.probe.model_axis)
  return jax.shard_map(learner.step, mesh=mesh,
                       in_specs=(w_spec, P(learner.data_axis, None), P(learner.data_axis, learner.probe.model_axis)),
                       out_specs=(w_spec, P(None, None, None, reduced=set(learner.probe.probe_axes))))


@experiment_registry.register
class NoiseScale4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def learner_tpl(self):
    probe = Config(NoiseScaleProbe, model_axis='mdl', probe_axes=self.mesh_axis_names)
    return Config(Learner, learning_rate=0.05, data_axis='data', probe_tpl=probe)


def noise_scale(per_shard):
  g = np.asarray(per_shard)
  mean = g.mean(axis=0)
  return float(((g - mean) ** 2).sum() / max((mean ** 2).sum(), 1e-9))


def inputs():
  rng = np.random.default_rng(51)
  x = rng.standard_normal((16, 3)).astype(np.float32)
  return 'NoiseScale4x2', x, (x @ np.ones((3, 4), np.float32)).astype(np.float32)


def main(exp_name, x, y):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  step = make_step(exp, mesh)
  w = place(mesh, np.zeros((3, 4), np.float32), (None, 'mdl'))
  x, y = place(mesh, x, ('data', None)), place(mesh, y, ('data', 'mdl'))
  with jax.set_mesh(mesh):
    w, per_shard = step(w, x, y)
  print(w.shape, noise_scale(per_shard))


if __name__ == '__main__':
  main(*inputs())
