-- Registering with a car chosen kept the whole registration form in the booking's stored journey,
-- the password and its confirmation included (the form was passed as the trip). A booking keeps its
-- car and trip, never the form's fields: they are taken out of every stored journey that has them.
UPDATE "bookings"
SET "journey" = jsonb_set(
  "journey",
  '{snapshot,context,booking}',
  ("journey" #> '{snapshot,context,booking}') - ARRAY[
    'password', 'confirmPassword', 'fullName', 'email', 'phone', 'emiratesId', 'emiratesIdExpiry',
    'licenceExpiry', 'termsAccepted', 'language', 'emiratesIdFile', 'emiratesIdBackFile', 'licenceFile'
  ]
)
WHERE jsonb_typeof("journey" #> '{snapshot,context,booking}') = 'object'
  AND ("journey" #> '{snapshot,context,booking}') ?| ARRAY[
    'password', 'confirmPassword', 'fullName', 'email', 'phone', 'emiratesId', 'emiratesIdExpiry',
    'licenceExpiry', 'termsAccepted', 'language', 'emiratesIdFile', 'emiratesIdBackFile', 'licenceFile'
  ];
